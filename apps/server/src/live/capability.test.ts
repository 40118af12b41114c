import { describe, expect, it } from 'vitest';
import { CapabilityEstimator } from './capability';

describe('CapabilityEstimator', () => {
  it('is 1 with room to spare and falls below 0.8 when frames take longer than the budget', () => {
    const c = new CapabilityEstimator(33.3, 0.5);
    expect(c.capability).toBe(1);
    c.record(10);
    expect(c.capability).toBe(1);
    for (let i = 0; i < 10; i++) c.record(80);
    expect(c.capability).toBeLessThan(0.8);
    for (let i = 0; i < 20; i++) c.record(15);
    expect(c.capability).toBeGreaterThan(0.95);
  });
});
