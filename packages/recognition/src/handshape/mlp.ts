/** Forward pass of a small fully connected network (ReLU hidden layers, softmax output). */

export interface DenseLayer {
  /** rows = outputs, cols = inputs, row-major */
  w: Float64Array;
  b: Float64Array;
  inputs: number;
  outputs: number;
}

export interface MlpModel {
  mean: Float64Array;
  std: Float64Array;
  layers: DenseLayer[];
}

export function softmaxInPlace(z: Float64Array): Float64Array {
  let m = -Infinity;
  for (const v of z) if (v > m) m = v;
  let s = 0;
  for (let i = 0; i < z.length; i++) {
    z[i] = Math.exp(z[i] - m);
    s += z[i];
  }
  for (let i = 0; i < z.length; i++) z[i] /= s;
  return z;
}

/** Returns the logits of the last layer. */
export function forwardLogits(model: MlpModel, features: ArrayLike<number>): Float64Array {
  const a = new Float64Array(features.length);
  for (let i = 0; i < a.length; i++) a[i] = (features[i] - model.mean[i]) / model.std[i];
  return forwardLayers(model, a, 0);
}

/** One dense layer: out[o] = b[o] + sum_i w[o, i] * a[i], ReLU when `relu`. */
function dense(layer: DenseLayer, a: Float64Array, relu: boolean): Float64Array {
  const out = partialSums(layer, a, 0, layer.inputs, true);
  if (relu) for (let o = 0; o < out.length; o++) if (out[o] < 0) out[o] = 0;
  return out;
}

/** Runs layers `from`.. on activations `a` (ReLU on every layer but the last). */
function forwardLayers(model: MlpModel, a: Float64Array, from: number): Float64Array {
  const last = model.layers.length - 1;
  for (let li = from; li <= last; li++) a = dense(model.layers[li], a, li < last);
  return a;
}

/** softmax(logits / temperature); temperature 1 is the plain network. */
export function forwardProbs(model: MlpModel, features: ArrayLike<number>, temperature = 1): Float64Array {
  const z = forwardLogits(model, features);
  if (temperature !== 1) for (let k = 0; k < z.length; k++) z[k] /= temperature;
  return softmaxInPlace(z);
}

/**
 * Mean of the members' probabilities (an ensemble of models over the same features and classes),
 * each member's logits divided by the temperature first (temperature scaling).
 */
export function forwardProbsMean(
  models: readonly MlpModel[],
  features: ArrayLike<number>,
  temperature = 1,
): Float64Array {
  if (models.length === 1) return forwardProbs(models[0], features, temperature);
  let sum: Float64Array | null = null;
  for (const m of models) {
    const p = forwardProbs(m, features, temperature);
    if (!sum) sum = p;
    else for (let k = 0; k < p.length; k++) sum[k] += p[k];
  }
  if (!sum) throw new Error('empty ensemble');
  for (let k = 0; k < sum.length; k++) sum[k] /= models.length;
  return sum;
}

/**
 * Logits for two readings of one hand that differ only in the inputs from `split` on, when the
 * second reading's inputs there are a constant whose first-layer sum (`secondTail`, one value
 * per first-layer unit, weights times standardised inputs) was computed once: the first layer's
 * sum over inputs 0..split-1 is shared. Returns [first, second].
 */
export function forwardLogitsSharedHead(
  model: MlpModel,
  features: ArrayLike<number>,
  split: number,
  secondTail: Float64Array,
): [Float64Array, Float64Array] {
  const n = features.length;
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) a[i] = (features[i] - model.mean[i]) / model.std[i];
  const first = model.layers[0];
  const relu = model.layers.length > 1;
  const heads = partialSums(first, a, 0, split, true);
  const tails = partialSums(first, a, split, first.inputs, false);
  const h1 = new Float64Array(first.outputs);
  const h2 = new Float64Array(first.outputs);
  for (let o = 0; o < first.outputs; o++) {
    const s1 = heads[o] + tails[o];
    const s2 = heads[o] + secondTail[o];
    h1[o] = relu && s1 < 0 ? 0 : s1;
    h2[o] = relu && s2 < 0 ? 0 : s2;
  }
  return [forwardLayers(model, h1, 1), forwardLayers(model, h2, 1)];
}

/**
 * Each row's sum of w[o, i] * a[i] over inputs from..to-1, in input order, starting from the bias
 * (`withBias`) or from 0. Four rows share each pass over the inputs (four independent sums, one
 * load of each input); each sum still adds its terms in input order, so the result is the same to
 * the bit as one row at a time.
 */
function partialSums(layer: DenseLayer, a: Float64Array, from: number, to: number, withBias: boolean): Float64Array {
  const { w, b, inputs: n, outputs: m } = layer;
  const out = new Float64Array(m);
  let o = 0;
  for (; o + 4 <= m; o += 4) {
    const r0 = o * n;
    const r1 = r0 + n;
    const r2 = r1 + n;
    const r3 = r2 + n;
    let s0 = withBias ? b[o] : 0;
    let s1 = withBias ? b[o + 1] : 0;
    let s2 = withBias ? b[o + 2] : 0;
    let s3 = withBias ? b[o + 3] : 0;
    for (let i = from; i < to; i++) {
      const x = a[i];
      s0 += w[r0 + i] * x;
      s1 += w[r1 + i] * x;
      s2 += w[r2 + i] * x;
      s3 += w[r3 + i] * x;
    }
    out[o] = s0;
    out[o + 1] = s1;
    out[o + 2] = s2;
    out[o + 3] = s3;
  }
  for (; o < m; o++) {
    const row = o * n;
    let s = withBias ? b[o] : 0;
    for (let i = from; i < to; i++) s += w[row + i] * a[i];
    out[o] = s;
  }
  return out;
}

/** The first layer's sum over inputs split.. for constant (raw, unstandardised) inputs. */
export function firstLayerTail(model: MlpModel, split: number, tail: ArrayLike<number>): Float64Array {
  const first = model.layers[0];
  const out = new Float64Array(first.outputs);
  for (let o = 0; o < first.outputs; o++) {
    const row = o * first.inputs;
    let s = 0;
    for (let i = split; i < first.inputs; i++)
      s += first.w[row + i] * ((tail[i - split] - model.mean[i]) / model.std[i]);
    out[o] = s;
  }
  return out;
}
