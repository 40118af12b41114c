import { describe, expect, it } from 'vitest';
import { fitLine, mapReading, MODEL_CROP, readingMapFor, type CropReadingsFile } from './crop-size.js';

const file: CropReadingsFile = {
  fittedOn: 'test',
  maps: { '192': { x: [0.9, 4], y: [1, 0.5], z: [0.8, -1], crops: 2, meanAbsError: { before: [], after: [] } } },
};

describe('reading the landmark model from a smaller crop', () => {
  it('needs no map at the model crop, and a fitted one for a smaller multiple of 32', () => {
    expect(readingMapFor(MODEL_CROP, file)).toEqual({ x: [1, 0], y: [1, 0], z: [1, 0] });
    expect(readingMapFor(192, file)).toEqual({ x: [0.9, 4], y: [1, 0.5], z: [0.8, -1] });
    expect(() => readingMapFor(160, file)).toThrow(/fit:crop-size -- --size 160/);
  });

  it('the committed map is fitted for the live 192 crop and brings its x nearer the 224 reading', () => {
    const m = readingMapFor(192);
    expect(m.x[0]).toBeGreaterThan(0.8);
    expect(m.x[0]).toBeLessThan(1);
  });

  it('maps x and y about the crop centre and z about 0, in place', () => {
    const raw = Float32Array.from({ length: 63 }, (_, i) => (i % 3 === 2 ? -10 : 112 + (i % 3 === 0 ? 20 : -20)));
    const out = mapReading(raw, readingMapFor(192, file));
    expect(out).toBe(raw);
    expect(out[0]).toBeCloseTo(112 + 0.9 * 20 + 4);
    expect(out[1]).toBeCloseTo(112 - 20 + 0.5);
    expect(out[2]).toBeCloseTo(0.8 * -10 - 1);
    expect(out[60]).toBeCloseTo(out[0]!);
  });

  it('fits a line by least squares', () => {
    const got = [0, 1, 2, 3, 4];
    const [a, b] = fitLine(
      got,
      got.map((x) => 0.9 * x + 4),
    );
    expect(a).toBeCloseTo(0.9, 10);
    expect(b).toBeCloseTo(4, 10);
  });
});
