import { describe, expect, it } from 'vitest';
import { detectionAffine, letterbox, letterboxToImage, unletterboxPoint } from './letterbox.js';
import { applyAffine } from './warp.js';

describe('letterbox', () => {
  it('fits a 320x240 frame into 256 with vertical bars', () => {
    const lb = letterbox(320, 240, 256);
    expect(lb.scale).toBeCloseTo(0.8);
    expect(lb.padX).toBe(0);
    expect(lb.padY).toBeCloseTo(32);
  });
  it('maps model pixels back to image pixels consistently', () => {
    const lb = letterbox(100, 400, 256);
    const m = letterboxToImage(lb);
    for (const [x, y] of [
      [128, 128],
      [lb.padX, 0],
      [256 - lb.padX, 256],
    ]) {
      expect(applyAffine(m, x, y)).toEqual(unletterboxPoint(lb, x, y).map((v) => expect.closeTo(v, 9)));
    }
    expect(unletterboxPoint(lb, 128, 128)).toEqual([50, 200]);
    expect(unletterboxPoint(lb, lb.padX, 0)).toEqual([0, 0]);
  });
  it('detectionAffine(pad 1, no rotation) is the letterbox', () => {
    const a = detectionAffine(320, 240, 1, 0, 256);
    const b = letterboxToImage(letterbox(320, 240, 256));
    a.forEach((v, i) => expect(v).toBeCloseTo(b[i], 9));
  });
  it('detectionAffine pads around the centre and rotates the input view', () => {
    const m = detectionAffine(100, 100, 2, 0, 256); // 200 px square centred on the image
    expect(applyAffine(m, 0, 0)).toEqual([-50, -50]);
    const r = detectionAffine(100, 100, 1, 90, 256);
    const [x, y] = applyAffine(r, 128, 0); // top centre of the input shows the image's right edge middle
    expect(x).toBeCloseTo(100);
    expect(y).toBeCloseTo(50);
    expect(applyAffine(r, 128, 128).map((v) => Math.round(v))).toEqual([50, 50]);
  });
});
