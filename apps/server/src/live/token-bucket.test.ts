import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('allows a burst up to capacity, then refills over time', () => {
    let now = 0;
    const b = new TokenBucket(3, 2, () => now);
    expect([b.take(), b.take(), b.take(), b.take()]).toEqual([true, true, true, false]);
    now = 500; // one token back
    expect(b.take()).toBe(true);
    expect(b.take()).toBe(false);
    now = 10_000;
    expect(b.take(3)).toBe(true);
    expect(b.take(1)).toBe(false);
  });
});
