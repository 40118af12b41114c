import { describe, expect, it } from 'vitest';
import { mirrorImage, unmirrorHand } from './mirror.js';
import type { Hand } from './types.js';

describe('mirrorImage', () => {
  it('flips each row left to right, RGB and RGBA, and leaves the original alone', () => {
    const rgb = { data: Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), width: 2, height: 2 };
    expect([...mirrorImage(rgb).data]).toEqual([4, 5, 6, 1, 2, 3, 10, 11, 12, 7, 8, 9]);
    expect([...rgb.data]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const rgba = {
      data: Uint8Array.from([1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 0]),
      width: 3,
      height: 1,
      channels: 4 as const,
    };
    const m = mirrorImage(rgba);
    expect([...m.data]).toEqual([7, 8, 9, 0, 4, 5, 6, 255, 1, 2, 3, 255]);
    expect(m).toMatchObject({ width: 3, height: 1, channels: 4 });
  });
});

describe('unmirrorHand', () => {
  const hand: Hand = {
    landmarks: Array.from({ length: 21 }, (_, i) => [10 + i, 20 + i, -i] as [number, number, number]),
    handedness: 'left',
    handednessScore: 0.9,
    score: 0.99,
    box: { x: 10, y: 20, w: 20, h: 20 },
    rect: { cx: 30, cy: 40, w: 50, h: 50, rotation: 0.3 },
  };

  it('puts a hand found in the mirror image back into the picture: x to width - x, the other hand, the crop turned back', () => {
    const h = unmirrorHand(hand, 100);
    expect(h.landmarks[0]).toEqual([90, 20, -0]);
    expect(h.landmarks[20]).toEqual([70, 40, -20]);
    expect(h.handedness).toBe('right');
    expect(h.box).toEqual({ x: 70, y: 20, w: 20, h: 20 });
    expect(h.rect).toEqual({ cx: 70, cy: 40, w: 50, h: 50, rotation: -0.3 });
  });

  it('twice is the hand itself', () => {
    expect(unmirrorHand(unmirrorHand(hand, 100), 100)).toEqual(hand);
  });
});
