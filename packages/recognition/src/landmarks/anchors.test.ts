import { describe, expect, it } from 'vitest';
import { generateAnchors, PALM_256_ANCHORS } from './anchors.js';

describe('generateAnchors (palm 256)', () => {
  const a = generateAnchors(PALM_256_ANCHORS);
  it('produces the 2944 anchors the palm model outputs', () => {
    expect(a.length / 2).toBe(2944);
  });
  it('lays out 32x32x2, then 16x16x2, then 8x8x6 centres', () => {
    expect([a[0], a[1], a[2], a[3]]).toEqual([0.5 / 32, 0.5 / 32, 0.5 / 32, 0.5 / 32]);
    expect(a[2 * 2]).toBeCloseTo(1.5 / 32); // third anchor: next column
    expect([a[2 * 2048], a[2 * 2048 + 1]]).toEqual([0.5 / 16, 0.5 / 16]);
    expect([a[2 * 2560], a[2 * 2560 + 1]]).toEqual([0.5 / 8, 0.5 / 8]);
    expect([a[2 * 2565], a[2 * 2565 + 1]]).toEqual([0.5 / 8, 0.5 / 8]); // 6 per location
    expect([a[2 * 2566], a[2 * 2566 + 1]]).toEqual([1.5 / 8, 0.5 / 8]);
    expect([a[a.length - 2], a[a.length - 1]]).toEqual([7.5 / 8, 7.5 / 8]);
  });
});
