import { describe, expect, it } from 'vitest';
import { decodePalm, iou, weightedNms, type RawDetection } from './decode.js';

describe('decodePalm', () => {
  const anchors = Float32Array.from([0.25, 0.25, 0.75, 0.5]);
  it('adds anchor centres (in input pixels) to box and keypoint offsets and thresholds scores', () => {
    const raw = new Float32Array(2 * 19);
    raw[0] = -5; // anchor 0 below threshold
    raw[19] = 3;
    raw[20] = 4;
    raw[21] = -2;
    raw[22] = 40;
    raw[23] = 20;
    raw[24] = 1;
    raw[25] = 2;
    const d = decodePalm(raw, anchors, 256, 0.5);
    expect(d).toHaveLength(1);
    expect(d[0].score).toBeCloseTo(1 / (1 + Math.exp(-3)));
    expect(d[0].x).toBeCloseTo(192 + 4 - 20);
    expect(d[0].y).toBeCloseTo(128 - 2 - 10);
    expect(d[0].w).toBe(40);
    expect(d[0].keypoints[0]).toEqual([193, 130]);
  });
  it('rejects an output of the wrong size', () => {
    expect(() => decodePalm(new Float32Array(19), anchors, 256, 0.5)).toThrow(/size/);
  });
});

describe('weightedNms', () => {
  const det = (score: number, x: number): RawDetection => ({ score, x, y: 0, w: 10, h: 10, keypoints: [[x, 0]] });
  it('averages overlapping boxes by score and keeps separate ones', () => {
    const out = weightedNms([det(0.6, 2), det(0.9, 0), det(0.8, 100)], 0.3, 5);
    expect(out).toHaveLength(2);
    expect(out[0].score).toBe(0.9);
    expect(out[0].x).toBeCloseTo((0.9 * 0 + 0.6 * 2) / 1.5);
    expect(out[0].keypoints[0][0]).toBeCloseTo(0.8);
    expect(out[1].x).toBe(100);
  });
  it('respects maxOut and iou is symmetric', () => {
    expect(weightedNms([det(0.9, 0), det(0.8, 100)], 0.3, 1)).toHaveLength(1);
    expect(iou(det(1, 0), det(1, 5))).toBeCloseTo(50 / 150);
    expect(iou(det(1, 5), det(1, 0))).toBeCloseTo(iou(det(1, 0), det(1, 5)));
  });
});
