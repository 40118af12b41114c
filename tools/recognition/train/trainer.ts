/** Plain TypeScript MLP training: softmax cross-entropy, AdamW, early stopping. */
import type { DenseLayer, MlpModel } from '../../../packages/recognition/src/handshape/mlp.js';
import { forwardProbs } from '../../../packages/recognition/src/handshape/mlp.js';
import { Rng } from './rng.js';

export interface TrainOptions {
  hidden: number[];
  lr: number;
  weightDecay: number;
  batch: number;
  maxEpochs: number;
  patience: number;
  labelSmoothing: number;
  seed: number;
  /** fixed number of epochs (no early stopping) when set */
  fixedEpochs?: number;
  log?: (s: string) => void;
}

export const DEFAULT_TRAIN: TrainOptions = {
  hidden: [128, 64],
  lr: 2e-3,
  weightDecay: 1e-4,
  batch: 64,
  maxEpochs: 60,
  patience: 10,
  labelSmoothing: 0.05,
  seed: 1,
};

export interface Dataset {
  x: Float64Array[];
  y: number[];
}

export function computeStandardizer(x: Float64Array[]): { mean: Float64Array; std: Float64Array } {
  const n = x[0].length;
  const mean = new Float64Array(n);
  const std = new Float64Array(n);
  for (const v of x) for (let i = 0; i < n; i++) mean[i] += v[i];
  for (let i = 0; i < n; i++) mean[i] /= x.length;
  for (const v of x) for (let i = 0; i < n; i++) std[i] += (v[i] - mean[i]) ** 2;
  for (let i = 0; i < n; i++) std[i] = Math.sqrt(std[i] / x.length) + 1e-6;
  return { mean, std };
}

function initLayer(inputs: number, outputs: number, rng: Rng): DenseLayer {
  const w = new Float64Array(inputs * outputs);
  const sd = Math.sqrt(2 / inputs);
  for (let i = 0; i < w.length; i++) w[i] = rng.normal() * sd;
  return { w, b: new Float64Array(outputs), inputs, outputs };
}

export function accuracy(model: MlpModel, data: Dataset): number {
  let ok = 0;
  data.x.forEach((v, i) => {
    const p = forwardProbs(model, v);
    let best = 0;
    for (let k = 1; k < p.length; k++) if (p[k] > p[best]) best = k;
    if (best === data.y[i]) ok++;
  });
  return data.x.length ? ok / data.x.length : 0;
}

/**
 * Trains on batches produced fresh each epoch by makeEpoch (so augmentation is redrawn);
 * keeps the weights with the best validation accuracy.
 */
export function train(
  makeEpoch: (epoch: number) => Dataset,
  val: Dataset | null,
  numClasses: number,
  standardizer: { mean: Float64Array; std: Float64Array },
  o: TrainOptions,
): { model: MlpModel; bestEpoch: number; bestVal: number; history: { epoch: number; loss: number; val: number }[] } {
  const rng = new Rng(o.seed);
  const nIn = standardizer.mean.length;
  const sizes = [nIn, ...o.hidden, numClasses];
  const layers: DenseLayer[] = [];
  for (let l = 0; l + 1 < sizes.length; l++) layers.push(initLayer(sizes[l], sizes[l + 1], rng));
  const model: MlpModel = { mean: standardizer.mean, std: standardizer.std, layers };
  const m = layers.map((L) => ({ w: new Float64Array(L.w.length), b: new Float64Array(L.b.length) }));
  const v = layers.map((L) => ({ w: new Float64Array(L.w.length), b: new Float64Array(L.b.length) }));
  const g = layers.map((L) => ({ w: new Float64Array(L.w.length), b: new Float64Array(L.b.length) }));
  const b1 = 0.9;
  const b2 = 0.999;
  let step = 0;
  let best: { layers: DenseLayer[]; epoch: number; val: number } | null = null;
  const history: { epoch: number; loss: number; val: number }[] = [];
  const epochs = o.fixedEpochs ?? o.maxEpochs;
  const acts: Float64Array[] = sizes.map((n) => new Float64Array(n));
  const deltas: Float64Array[] = sizes.map((n) => new Float64Array(n));

  for (let epoch = 1; epoch <= epochs; epoch++) {
    const data = makeEpoch(epoch);
    const order = rng.shuffle(data.x.map((_, i) => i));
    const lr = o.lr * 0.5 * (1 + Math.cos((Math.PI * (epoch - 1)) / epochs));
    let lossSum = 0;
    for (let start = 0; start < order.length; start += o.batch) {
      const idx = order.slice(start, start + o.batch);
      for (const G of g) {
        G.w.fill(0);
        G.b.fill(0);
      }
      for (const i of idx) {
        const xin = data.x[i];
        for (let k = 0; k < nIn; k++) acts[0][k] = (xin[k] - model.mean[k]) / model.std[k];
        for (let l = 0; l < layers.length; l++) {
          const L = layers[l];
          const a = acts[l];
          const out = acts[l + 1];
          for (let oi = 0; oi < L.outputs; oi++) {
            let s = L.b[oi];
            const row = oi * L.inputs;
            for (let k = 0; k < L.inputs; k++) s += L.w[row + k] * a[k];
            out[oi] = l < layers.length - 1 && s < 0 ? 0 : s;
          }
        }
        const z = acts[layers.length];
        let mx = -Infinity;
        for (const q of z) if (q > mx) mx = q;
        let se = 0;
        const p = new Float64Array(numClasses);
        for (let k = 0; k < numClasses; k++) se += p[k] = Math.exp(z[k] - mx);
        const dOut = deltas[layers.length];
        for (let k = 0; k < numClasses; k++) {
          p[k] /= se;
          const t = (k === data.y[i] ? 1 - o.labelSmoothing : 0) + o.labelSmoothing / numClasses;
          dOut[k] = p[k] - t;
          if (t > 0) lossSum -= t * Math.log(Math.max(p[k], 1e-12));
        }
        for (let l = layers.length - 1; l >= 0; l--) {
          const L = layers[l];
          const a = acts[l];
          const d = deltas[l + 1];
          const G = g[l];
          const dPrev = deltas[l];
          if (l > 0) dPrev.fill(0);
          for (let oi = 0; oi < L.outputs; oi++) {
            const di = d[oi];
            if (di === 0) continue;
            G.b[oi] += di;
            const row = oi * L.inputs;
            for (let k = 0; k < L.inputs; k++) {
              G.w[row + k] += di * a[k];
              if (l > 0) dPrev[k] += di * L.w[row + k];
            }
          }
          if (l > 0) for (let k = 0; k < L.inputs; k++) if (a[k] <= 0) dPrev[k] = 0;
        }
      }
      step++;
      const bc1 = 1 - b1 ** step;
      const bc2 = 1 - b2 ** step;
      const inv = 1 / idx.length;
      layers.forEach((L, l) => {
        for (const key of ['w', 'b'] as const) {
          const P = L[key];
          const M = m[l][key];
          const V = v[l][key];
          const G = g[l][key];
          for (let k = 0; k < P.length; k++) {
            const gr = G[k] * inv;
            M[k] = b1 * M[k] + (1 - b1) * gr;
            V[k] = b2 * V[k] + (1 - b2) * gr * gr;
            P[k] -= lr * (M[k] / bc1 / (Math.sqrt(V[k] / bc2) + 1e-8) + (key === 'w' ? o.weightDecay * P[k] : 0));
          }
        }
      });
    }
    const valAcc = val ? accuracy(model, val) : NaN;
    history.push({ epoch, loss: lossSum / order.length, val: valAcc });
    o.log?.(
      `epoch ${epoch} loss ${(lossSum / order.length).toFixed(4)}${val ? ` val ${(valAcc * 100).toFixed(2)}%` : ''}`,
    );
    if (val && (!best || valAcc > best.val)) {
      best = { layers: layers.map((L) => ({ ...L, w: L.w.slice(), b: L.b.slice() })), epoch, val: valAcc };
    }
    if (val && best && o.fixedEpochs === undefined && epoch - best.epoch >= o.patience) break;
  }
  if (best)
    return {
      model: { mean: model.mean, std: model.std, layers: best.layers },
      bestEpoch: best.epoch,
      bestVal: best.val,
      history,
    };
  return { model, bestEpoch: epochs, bestVal: NaN, history };
}
