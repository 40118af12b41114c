import { describe, expect, it } from 'vitest';
import { exposeFrame, strokeFrames, type RawRgb } from './moving-photo.js';

/** A white square photo, `n` pixels a side. */
const white = (n: number): RawRgb => ({ width: n, height: n, data: new Uint8Array(n * n * 3).fill(255) });
const at = (frame: Uint8Array, width: number, x: number, y: number) => frame[3 * (y * width + x)];

describe('moving photo', () => {
  it('places the photo sharp at one position, cut off at the frame edge', () => {
    const f = exposeFrame(white(2), [[3, 1]], 4, 3);
    expect(at(f, 4, 3, 1)).toBe(255);
    expect(at(f, 4, 3, 2)).toBe(255);
    expect(at(f, 4, 2, 1)).toBe(0);
    expect(f.length).toBe(4 * 3 * 3);
  });

  it('blurs a moving photo: the average of its positions over the exposure', () => {
    const f = exposeFrame(
      white(1),
      [
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 0],
      ],
      4,
      1,
    );
    expect([0, 1, 2, 3].map((x) => at(f, 4, x, 0))).toEqual([64, 64, 64, 64]);
  });

  it('holds the hand still, draws the path frame by frame, then holds it at the end', () => {
    const frames = strokeFrames({
      at: (t) => [10 * t, 0],
      seconds: 1,
      fps: 10,
      before: 3,
      after: 2,
      exposure: 0,
    });
    expect(frames).toHaveLength(3 + 10 + 2);
    expect(frames.slice(0, 3)).toEqual([[[0, 0]], [[0, 0]], [[0, 0]]]);
    expect(frames[3]).toEqual([[1, 0]]);
    expect(frames[12]).toEqual([[10, 0]]);
    expect(frames.at(-1)).toEqual([[10, 0]]);
  });

  it('with an exposure, a frame spans the path covered while the shutter was open', () => {
    const frames = strokeFrames({
      at: (t) => [10 * t, 0],
      seconds: 1,
      fps: 10,
      before: 0,
      after: 0,
      exposure: 0.1,
      moments: 5,
    });
    expect(frames[4]!.map(([x]) => x)).toEqual([4, 4.25, 4.5, 4.75, 5]);
    // by default one moment a pixel travelled: 40 pixels, 40 moments
    const wide = strokeFrames({ at: (t) => [400 * t, 0], seconds: 1, fps: 10, before: 0, after: 0, exposure: 0.1 });
    expect(wide[4]).toHaveLength(40);
    expect(wide[4]![0]).toEqual([160, 0]);
    expect(wide[4]!.at(-1)).toEqual([200, 0]);
    // the first frame's exposure does not reach before the start
    expect(frames[0]![0]).toEqual([0, 0]);
  });
});
