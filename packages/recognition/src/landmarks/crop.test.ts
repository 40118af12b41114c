import { describe, expect, it } from 'vitest';
import {
  computeRotation,
  landmarksToRect,
  predictRect,
  palmToRect,
  projectLandmarks,
  rectToImageAffine,
  transformRect,
  PALM_TO_HAND,
} from './crop.js';
import type { Point3 } from './types.js';
import { applyAffine } from './warp.js';

describe('computeRotation', () => {
  it('is 0 for an upright hand and +/-90deg for sideways hands (y down)', () => {
    expect(computeRotation([0, 10], [0, 0])).toBeCloseTo(0);
    expect(computeRotation([0, 0], [10, 0])).toBeCloseTo(Math.PI / 2); // fingers to the right
    expect(computeRotation([10, 0], [0, 0])).toBeCloseTo(-Math.PI / 2);
    expect(Math.abs(computeRotation([0, 0], [0, 10]))).toBeCloseTo(Math.PI); // upside down
  });
});

describe('rect transforms', () => {
  it('palm box -> hand rect: square, 2.6x, shifted half a box towards the fingers', () => {
    const up = palmToRect({ x: 90, y: 90, w: 20, h: 10 }, [
      [100, 110],
      [0, 0],
      [100, 90],
    ]);
    expect(up.rotation).toBeCloseTo(0);
    expect(up.w).toBeCloseTo(52);
    expect(up.h).toBeCloseTo(52);
    expect(up.cx).toBeCloseTo(100);
    expect(up.cy).toBeCloseTo(95 - 5);
    const right = palmToRect({ x: 90, y: 90, w: 20, h: 20 }, [
      [90, 100],
      [0, 0],
      [110, 100],
    ]);
    expect(right.rotation).toBeCloseTo(Math.PI / 2);
    expect(right.cx).toBeCloseTo(110);
    expect(right.cy).toBeCloseTo(100); // shift along the finger direction
  });
  it('transformRect keeps rotation', () => {
    expect(transformRect({ cx: 0, cy: 0, w: 1, h: 1, rotation: 0.3 }, PALM_TO_HAND).rotation).toBe(0.3);
  });
});

describe('crop <-> image mapping', () => {
  const rect = { cx: 200, cy: 150, w: 100, h: 100, rotation: Math.PI / 2 };
  it('maps the crop centre to the rect centre and crop "up" to the rotated direction', () => {
    const m = rectToImageAffine(rect, 224);
    expect(applyAffine(m, 112, 112).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([200, 150]);
    const [x, y] = applyAffine(m, 112, 0); // top middle of the crop
    expect(x).toBeCloseTo(250);
    expect(y).toBeCloseTo(150);
  });
  it("projects landmarks and scales z like x, on MediaPipe's z scale (divided by 0.4)", () => {
    const lm = projectLandmarks([112, 112, 0, 112, 0, 22.4], rect, 224);
    expect(lm[0][0]).toBeCloseTo(200);
    expect(lm[1][0]).toBeCloseTo(250);
    expect(lm[1][2]).toBeCloseTo(10 / 0.4);
  });
});

describe('landmarksToRect', () => {
  it('gives an upright square around an upright synthetic hand, centred between wrist and knuckles', () => {
    const lm: Point3[] = Array.from({ length: 21 }, () => [100, 100, 0] as Point3);
    lm[0] = [100, 200, 0];
    for (const [i, x] of [
      [5, 80],
      [9, 100],
      [13, 120],
      [17, 140],
      [1, 70],
      [2, 60],
      [3, 55],
      [6, 80],
      [10, 100],
      [14, 120],
      [18, 140],
    ] as const)
      lm[i] = [x, 120, 0];
    const r = landmarksToRect(lm);
    expect(r.rotation).toBeCloseTo(0);
    expect(r.w).toBeCloseTo(r.h);
    expect(r.w).toBeCloseTo(2 * 85); // long side 200-120=80 vs 140-55=85
    expect(r.cx).toBeCloseTo(97.5);
    expect(r.cy).toBeCloseTo(160 - 0.1 * 80);
  });
});

describe('predictRect', () => {
  const seen = { cx: 100, cy: 80, w: 100, h: 100, rotation: 0.3 };
  it('moves a moving hand on by its last step, as if it kept its speed', () => {
    expect(predictRect(seen, { ...seen, cx: 80, cy: 90 }, 0.05)).toEqual({ ...seen, cx: 120, cy: 70 });
  });
  it("keeps a held hand's crop as its landmarks give it (a step under the least followed)", () => {
    expect(predictRect(seen, { ...seen, cx: 97, cy: 81 }, 0.05)).toBe(seen);
  });
  it('keeps the crop of a hand with no frame before', () => {
    expect(predictRect(seen, undefined, 0.05)).toBe(seen);
  });
});
