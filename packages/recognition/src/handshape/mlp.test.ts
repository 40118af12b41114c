import { describe, expect, it } from 'vitest';
import { firstLayerTail, forwardLogits, forwardLogitsSharedHead, type DenseLayer, type MlpModel } from './mlp.js';

/** a deterministic pseudo-random stream, so a failure reproduces */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

function layer(inputs: number, outputs: number, r: () => number): DenseLayer {
  return {
    inputs,
    outputs,
    w: Float64Array.from({ length: inputs * outputs }, r),
    b: Float64Array.from({ length: outputs }, r),
  };
}

// Sizes that are not multiples of four, so the blocked rows and the rows left over both run.
function model(r: () => number): MlpModel {
  return {
    mean: Float64Array.from({ length: 11 }, r),
    std: Float64Array.from({ length: 11 }, () => 0.5 + Math.abs(r())),
    layers: [layer(11, 10, r), layer(10, 7, r), layer(7, 5, r)],
  };
}

/** the plain definition: one row at a time, terms added in input order */
function reference(m: MlpModel, features: readonly number[]): Float64Array {
  let a = Float64Array.from(features, (v, i) => (v - m.mean[i]) / m.std[i]);
  m.layers.forEach((l, li) => {
    const out = new Float64Array(l.outputs);
    for (let o = 0; o < l.outputs; o++) {
      let s = l.b[o];
      for (let i = 0; i < l.inputs; i++) s += l.w[o * l.inputs + i] * a[i];
      out[o] = li < m.layers.length - 1 && s < 0 ? 0 : s;
    }
    a = out;
  });
  return a;
}

describe('forwardLogits', () => {
  it('equals the plain row-by-row definition to the bit', () => {
    const r = stream(7);
    const m = model(r);
    for (let k = 0; k < 50; k++) {
      const f = Array.from({ length: 11 }, () => 3 * r());
      expect(Array.from(forwardLogits(m, f))).toEqual(Array.from(reference(m, f)));
    }
  });
});

describe('forwardLogitsSharedHead', () => {
  it('gives the full reading and the reading with a constant tail, as two separate passes would', () => {
    const r = stream(11);
    const m = model(r);
    const split = 6;
    const constantTail = [0.25, -1, 0, 2, 0.5];
    const tail = firstLayerTail(m, split, constantTail);
    for (let k = 0; k < 50; k++) {
      const f = Array.from({ length: 11 }, () => 3 * r());
      const [first, second] = forwardLogitsSharedHead(m, f, split, tail);
      // the first layer's head and tail are summed apart, so equal up to rounding
      const full = reference(m, f);
      const withTail = reference(m, [...f.slice(0, split), ...constantTail]);
      full.forEach((v, i) => expect(first[i]).toBeCloseTo(v, 12));
      withTail.forEach((v, i) => expect(second[i]).toBeCloseTo(v, 12));
    }
  });
});
