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
  let a = new Float64Array(features.length);
  for (let i = 0; i < a.length; i++) a[i] = (features[i] - model.mean[i]) / model.std[i];
  const last = model.layers.length - 1;
  for (let li = 0; li <= last; li++) {
    const layer = model.layers[li];
    const w = layer.w;
    const nIn = layer.inputs;
    const out = new Float64Array(layer.outputs);
    for (let o = 0; o < layer.outputs; o++) {
      let s = layer.b[o];
      const row = o * nIn;
      for (let i = 0; i < nIn; i++) s += w[row + i] * a[i];
      out[o] = li < last && s < 0 ? 0 : s;
    }
    a = out;
  }
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
