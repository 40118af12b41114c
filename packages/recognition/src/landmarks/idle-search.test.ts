import { describe, expect, it } from 'vitest';
import { idleAttempt, searchMisses, searchOrder } from './idle-search.js';
import type { TrackState } from './types.js';

const rect = { cx: 10, cy: 10, w: 5, h: 5, rotation: 0 };
const tracked: TrackState = { width: 320, height: 240, rects: [rect], frames: 3 };
const idle = (misses: number): TrackState => ({ width: 320, height: 240, rects: [], frames: 0, misses });

describe('palm search while no hand is in view', () => {
  it("searches with every attempt on a stream's first frame and while a hand is tracked", () => {
    expect(searchMisses(null, 0)).toBe(0);
    expect(searchMisses(undefined, 0)).toBe(0);
    expect(searchMisses(tracked, 1)).toBe(0);
    expect(searchOrder(0, 4)).toEqual([0, 1, 2, 3]);
  });

  it('counts a hand just lost as one fruitless search, and goes on counting while none is found', () => {
    expect(searchMisses(tracked, 0)).toBe(1);
    expect(searchMisses(idle(1), 0)).toBe(1);
    expect(searchMisses(idle(7), 0)).toBe(7);
    // a track without a count (an older server's) searches fully
    expect(searchMisses({ ...idle(0), misses: undefined }, 0)).toBe(0);
  });

  it('tries the first attempt every other frame and the others in turn between', () => {
    const seq = Array.from({ length: 12 }, (_, k) => idleAttempt(k + 1, 4));
    expect(seq).toEqual([0, 1, 0, 2, 0, 3, 0, 1, 0, 2, 0, 3]);
    // every attempt comes round within 2 x (attempts - 1) frames
    expect(new Set(seq.slice(0, 6))).toEqual(new Set([0, 1, 2, 3]));
    expect(Array.from({ length: 4 }, (_, k) => idleAttempt(k + 1, 1))).toEqual([0, 0, 0, 0]);
    expect(Array.from({ length: 4 }, (_, k) => idleAttempt(k + 1, 2))).toEqual([0, 1, 0, 1]);
  });

  it('puts the idle attempt first and keeps the others for a weakly read hand', () => {
    expect(searchOrder(1, 4)).toEqual([0, 1, 2, 3]);
    expect(searchOrder(2, 4)).toEqual([1, 0, 2, 3]);
    expect(searchOrder(4, 4)).toEqual([2, 0, 1, 3]);
    expect(searchOrder(6, 4)).toEqual([3, 0, 1, 2]);
    expect(searchOrder(3, 1)).toEqual([0]);
  });
});
