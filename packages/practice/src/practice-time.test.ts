import { describe, expect, it } from 'vitest';
import { MAX_ACTIVE_GAP_MS, practiceTime } from './practice-time.js';

describe('practiceTime', () => {
  it('adds the gaps between moves, each up to a minute', () => {
    expect(practiceTime(0, [3_000, 5_000, 9_000])).toBe(9_000);
    // ten minutes away between two letters count as one minute
    expect(practiceTime(0, [2_000, 602_000, 604_000])).toBe(2_000 + MAX_ACTIVE_GAP_MS + 2_000);
    expect(MAX_ACTIVE_GAP_MS).toBe(60_000);
  });

  it('takes the moves in any order and ignores those before the start', () => {
    expect(practiceTime(10_000, [14_000, 12_000, 5_000])).toBe(4_000);
    expect(practiceTime(0, [])).toBe(0);
  });
});
