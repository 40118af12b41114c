import { describe, expect, it } from 'vitest';
import { decodeFloat16Base64, encodeFloat16Base64, fromFloat16Bits, roundToFloat16, toFloat16Bits } from './compact.js';
import { getDefaultModel, loadModel, shapeProbabilities, type LoadedModel, type WeightsJson } from './classifier.js';
import { forwardProbs, forwardProbsMean, type MlpModel } from './mlp.js';
import { FIXTURES } from './__fixtures__/fixtures.js';
import weights from './weights.json';

/** deterministic uniform numbers in [0, 1) */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** float16 spacing (ULP) at v */
function ulp16(v: number): number {
  const a = Math.abs(v);
  if (a < 2 ** -14) return 2 ** -24;
  return 2 ** (Math.floor(Math.log2(a)) - 10);
}

const argmax = (p: ArrayLike<number>) => {
  let b = 0;
  for (let k = 1; k < p.length; k++) if (p[k] > p[b]) b = k;
  return b;
};

/** features of the fixtures: 2-D only, plus a copy with a synthetic z so the depth block is exercised */
function fixtureInputs(model: LoadedModel): { landmarks: { x: number; y: number; z?: number }[] }[] {
  const withZ = FIXTURES.map((s) => ({
    landmarks: s.landmarks.map((p, i) => ({ ...p, z: -0.02 * (s.landmarks[0].x - p.x) + (i % 4) * 0.003 })),
  }));
  return model.useZ ? [...FIXTURES, ...withZ] : [...FIXTURES];
}

describe('float16 weight storage', () => {
  it('round-trips exactly representable values and rounds others to the nearest float16', () => {
    for (const v of [0, 1, -1, 0.5, 2 ** -24, -(2 ** -14), 65504, 1 + 2 ** -10]) {
      expect(fromFloat16Bits(toFloat16Bits(v))).toBe(v);
    }
    expect(fromFloat16Bits(toFloat16Bits(70000))).toBe(Infinity);
    expect(Number.isNaN(fromFloat16Bits(toFloat16Bits(NaN)))).toBe(true);
    // ties go to even
    expect(roundToFloat16(1 + 2 ** -11)).toBe(1);
    expect(roundToFloat16(1 + 3 * 2 ** -11)).toBe(1 + 2 * 2 ** -10);
    const rnd = lcg(7);
    const values = Array.from({ length: 5000 }, () => (rnd() - 0.5) * 2 ** Math.floor(rnd() * 20 - 14));
    const decoded = decodeFloat16Base64(encodeFloat16Base64(values), values.length);
    values.forEach((v, i) => {
      expect(Math.abs(decoded[i] - v)).toBeLessThanOrEqual(ulp16(v) / 2 + 1e-12);
      expect(decoded[i]).toBe(roundToFloat16(v));
    });
    expect(() => decodeFloat16Base64(encodeFloat16Base64([1, 2, 3]), 4)).toThrow(/expected 4/);
  });

  it('gives the float model’s probabilities and top-1 on the fixtures', () => {
    // The shipped file only holds float16 weights. Every float model that is stored as these
    // weights lies within half a float16 step of them, so the test rebuilds such float models
    // with the rounding error pushed to its limit (±half a step, random signs), encodes them as
    // the trainer does, and compares the two.
    const shipped = getDefaultModel();
    const rnd = lcg(11);
    const floatMembers: MlpModel[] = shipped.members.map((m) => ({
      mean: m.mean,
      std: m.std,
      layers: m.layers.map((l) => ({
        ...l,
        w: l.w.map((v) => {
          const x = v + (rnd() < 0.5 ? -0.499 : 0.499) * ulp16(v);
          return Math.fround(x);
        }),
      })),
    }));
    const json = weights as unknown as WeightsJson;
    const compactJson: WeightsJson = {
      ...json,
      members: floatMembers.map((m) => ({
        mean: Array.from(m.mean),
        std: Array.from(m.std),
        layers: m.layers.map((l) => ({
          inputs: l.inputs,
          outputs: l.outputs,
          w: encodeFloat16Base64(l.w),
          b: Array.from(l.b),
        })),
      })),
    };
    const floatModel: LoadedModel = { ...shipped, members: floatMembers };
    const compactModel = loadModel(compactJson);
    let maxDiff = 0;
    let n = 0;
    for (const s of fixtureInputs(shipped)) {
      const a = shapeProbabilities(s.landmarks, 'Unknown', floatModel);
      const b = shapeProbabilities(s.landmarks, 'Unknown', compactModel);
      for (let k = 0; k < a.length; k++) maxDiff = Math.max(maxDiff, Math.abs(a[k] - b[k]));
      // the top-1 must agree unless the float model's two best classes are within the
      // float16 rounding's reach of each other (a tie either way)
      const sorted = Array.from(a).sort((x, y) => y - x);
      if (sorted[0] - sorted[1] > 0.02) {
        expect(argmax(b)).toBe(argmax(a));
        n++;
      }
    }
    expect(n).toBeGreaterThanOrEqual(FIXTURES.length * 0.9);
    expect(maxDiff).toBeLessThan(0.01);
  });

  it('averages the members’ probabilities', () => {
    const m = getDefaultModel();
    const f = new Float64Array(m.members[0].mean);
    const mean = forwardProbsMean(m.members, f);
    const byHand = new Float64Array(mean.length);
    for (const member of m.members) forwardProbs(member, f).forEach((v, k) => (byHand[k] += v / m.members.length));
    mean.forEach((v, k) => expect(v).toBeCloseTo(byHand[k], 12));
    expect(mean.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});
