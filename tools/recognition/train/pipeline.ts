/** Glue between samples, augmentation, features, training and evaluation. */
import {
  canonicalize,
  featuresFromCanonical,
  withZ,
  type MirrorMode,
} from '../../../packages/recognition/src/handshape/normalize.js';
import type { MlpModel } from '../../../packages/recognition/src/handshape/mlp.js';
import { forwardLogits, forwardProbsMean } from '../../../packages/recognition/src/handshape/mlp.js';
import type { WeightsJson } from '../../../packages/recognition/src/handshape/classifier.js';
import { encodeFloat16Base64 } from '../../../packages/recognition/src/handshape/compact.js';
import { SHAPE_CLASSES } from '../../../packages/recognition/src/handshape/labels.js';
import { augmentXY, DEFAULT_AUGMENT, rotate3d, type AugmentOptions } from './augment.js';
import type { Sample } from './data.js';
import type { Dataset } from './trainer.js';
import { Rng } from './rng.js';

export interface PipelineOptions {
  mirrorMode: MirrorMode;
  augment: AugmentOptions | null;
  minPerGroup: number;
  maxPerGroup: number;
  /** draws per (Massey signer, class) per epoch: the only multi-signer photo letters */
  masseyPerGroup: number;
  /** mirror-augment only sources without handedness, or every sample (robust to wrong handedness) */
  mirrorAug: 'unknown' | 'all';
  /** append depth features; null = no. Otherwise the probability of dropping z in training */
  zDropout: number | null;
  /** max 3-D viewpoint rotation (degrees about the image x and y axes) for samples with z; 0 = off */
  rot3dDeg: number;
  /** extra per-epoch draw multiplier for listed shape classes (e.g. P, Q, X) */
  classBoost: Record<string, number>;
  /** max 3-D rotation about the image x axis (views from above or below); default rot3dDeg */
  rot3dTiltDeg?: number;
  /** per-epoch draw multiplier for listed sources (e.g. aslhg: 2) */
  sourceWeight?: Record<string, number>;
  /** append the palm-frame block to the depth features (v5) */
  palmPoints?: boolean;
}

export const DEFAULT_PIPELINE: PipelineOptions = {
  mirrorMode: 'handedness',
  augment: DEFAULT_AUGMENT,
  minPerGroup: 40,
  maxPerGroup: 150,
  masseyPerGroup: 120,
  mirrorAug: 'unknown',
  zDropout: null,
  rot3dDeg: 0,
  classBoost: {},
};

export function featuresOf(s: Sample, mode: MirrorMode, useZ = false, palmPoints = false): Float64Array {
  const f = featuresFromCanonical(canonicalize(s.xy, s.handedness, mode));
  return useZ ? withZ(f, s.z, s.xy, s.handedness, mode, palmPoints) : f;
}

/** How the classifier reads a sample (classifier.ts shapeProbabilities): its feature layout. */
export interface Reading {
  mode: MirrorMode;
  useZ: boolean;
  /** also read a sample with z without it, and average (weights' withoutZView) */
  withoutZView: boolean;
  /** the palm-frame feature block (weights' palmPoints) */
  palmPoints: boolean;
}

/** The feature vectors the classifier reads for a sample (one, or two with withoutZView and z). */
export function featureViewsOf(s: Sample, r: Reading): Float64Array[] {
  const views = [featuresOf(s, r.mode, r.useZ, r.palmPoints)];
  if (r.useZ && r.withoutZView && s.z) views.push(featuresOf({ ...s, z: null }, r.mode, true, r.palmPoints));
  return views;
}

/** Logits of every member on every view: the classifier averages their softmaxes. */
export function viewLogits(models: readonly MlpModel[], s: Sample, r: Reading): number[][] {
  return featureViewsOf(s, r).flatMap((f) => models.map((m) => Array.from(forwardLogits(m, f))));
}

export function toDataset(samples: Sample[], mode: MirrorMode, useZ = false, palmPoints = false): Dataset {
  return {
    x: samples.map((s) => featuresOf(s, mode, useZ, palmPoints)),
    y: samples.map((s) => SHAPE_CLASSES.indexOf(s.shape)),
  };
}

function groupKey(s: Sample): string {
  return `${s.source}|${s.source === 'massey' ? s.signer : ''}|${s.shape}`;
}

/** Returns a function that draws a balanced, freshly augmented epoch. */
export function epochMaker(samples: Sample[], o: PipelineOptions, seed: number): (epoch: number) => Dataset {
  const groups = new Map<string, Sample[]>();
  for (const s of samples) {
    const k = groupKey(s);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(s);
  }
  const rng = new Rng(seed);
  return () => {
    const x: Float64Array[] = [];
    const y: number[] = [];
    for (const g of groups.values()) {
      const base =
        g[0].source === 'massey' ? o.masseyPerGroup : Math.max(o.minPerGroup, Math.min(o.maxPerGroup, g.length));
      const n = Math.round(base * (o.classBoost[g[0].shape] ?? 1) * (o.sourceWeight?.[g[0].source] ?? 1));
      const pick = n >= g.length && n < 2 * g.length ? rng.shuffle(g.slice()) : null;
      for (let i = 0; i < n; i++) {
        const s = pick && i < pick.length ? pick[i] : g[rng.int(g.length)];
        let xy = s.xy;
        let z = s.z;
        const tilt = o.rot3dTiltDeg ?? o.rot3dDeg;
        if (o.augment && z && (o.rot3dDeg > 0 || tilt > 0)) ({ xy, z } = rotate3d(xy, z, rng, o.rot3dDeg, tilt));
        if (o.augment) {
          const mirror = (o.mirrorAug === 'all' || s.handedness === 'Unknown') && rng.next() < o.augment.mirrorProb;
          xy = augmentXY(xy, rng, o.augment, mirror);
        }
        const f = featuresFromCanonical(canonicalize(xy, s.handedness, o.mirrorMode));
        if (o.zDropout === null) x.push(f);
        else
          x.push(withZ(f, rng.next() < o.zDropout ? null : z, xy, s.handedness, o.mirrorMode, o.palmPoints === true));
        y.push(SHAPE_CLASSES.indexOf(s.shape));
      }
    }
    return { x, y };
  };
}

const r5 = (a: Float64Array) => Array.from(a, (v) => Number(v.toPrecision(5)));

/**
 * Version 2: an ensemble whose probabilities the classifier averages. Weight matrices are
 * float16 (base64); biases, means and stds stay decimal text (5 significant digits).
 */
export function toEnsembleWeightsJson(
  members: { seed: number; model: MlpModel }[],
  mode: MirrorMode,
  training: unknown,
  useZ = false,
  withoutZView = false,
  palmPoints = false,
): WeightsJson {
  return {
    version: 2,
    mirrorMode: mode,
    useZ,
    ...(useZ && withoutZView ? { withoutZView: true } : {}),
    ...(useZ && palmPoints ? { palmPoints: true } : {}),
    classes: [...SHAPE_CLASSES],
    featureSize: members[0].model.mean.length,
    members: members.map(({ seed, model }) => ({
      seed,
      mean: r5(model.mean),
      std: r5(model.std),
      layers: model.layers.map((l) => ({
        inputs: l.inputs,
        outputs: l.outputs,
        w: encodeFloat16Base64(l.w),
        b: r5(l.b),
      })),
    })),
    training,
  };
}

/**
 * Predicted shape-class index restricted to the allowed indices (ensembles and views: mean
 * probabilities).
 */
export function predictRestricted(
  model: MlpModel | readonly MlpModel[],
  features: Float64Array | readonly Float64Array[],
  allowed: number[],
  temperature = 1,
): number {
  const models = Array.isArray(model) ? (model as MlpModel[]) : [model as MlpModel];
  const views = features instanceof Float64Array ? [features] : features;
  const p = forwardProbsMean(models, views[0], temperature);
  for (let v = 1; v < views.length; v++) {
    const q = forwardProbsMean(models, views[v], temperature);
    for (let k = 0; k < p.length; k++) p[k] += q[k];
  }
  let best = allowed[0];
  for (const k of allowed) if (p[k] > p[best]) best = k;
  return best;
}

export interface EvalResult {
  n: number;
  correct: number;
  perClass: Map<string, { n: number; correct: number }>;
  confusion: Map<string, Map<string, number>>;
}

/** Evaluates names (letters or digits) with restriction to the given set of names. */
export function evaluate(
  model: MlpModel | readonly MlpModel[],
  samples: Sample[],
  mode: MirrorMode,
  names: { name: string; shape: string }[],
  useZ = false,
  withoutZView = false,
  palmPoints = false,
  /** the calibration's temperature: members and views are averaged after it, as the classifier does */
  temperature = 1,
): EvalResult {
  const reading: Reading = { mode, useZ, withoutZView, palmPoints };
  const allowed = names.map((n) => SHAPE_CLASSES.indexOf(n.shape));
  const res: EvalResult = { n: 0, correct: 0, perClass: new Map(), confusion: new Map() };
  for (const s of samples) {
    const truth = names.find((n) => n.name === s.label);
    if (!truth) continue;
    const k = predictRestricted(model, featureViewsOf(s, reading), allowed, temperature);
    const pred = names[allowed.indexOf(k)].name;
    res.n++;
    const pc = res.perClass.get(s.label) ?? { n: 0, correct: 0 };
    pc.n++;
    if (pred === s.label) {
      res.correct++;
      pc.correct++;
    }
    res.perClass.set(s.label, pc);
    const row = res.confusion.get(s.label) ?? new Map<string, number>();
    row.set(pred, (row.get(pred) ?? 0) + 1);
    res.confusion.set(s.label, row);
  }
  return res;
}

const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : '-');

export function formatEval(title: string, r: EvalResult, names: string[]): string {
  const lines = [`${title}: top-1 ${pct(r.correct, r.n)}% (${r.correct}/${r.n})`];
  const present = names.filter((n) => r.perClass.has(n));
  lines.push(
    '  per class: ' + present.map((n) => `${n} ${pct(r.perClass.get(n)!.correct, r.perClass.get(n)!.n)}`).join('  '),
  );
  const errs: [string, string, number][] = [];
  for (const [t, row] of r.confusion) for (const [p, c] of row) if (p !== t) errs.push([t, p, c]);
  errs.sort((a, b) => b[2] - a[2]);
  lines.push(
    '  top confusions (true->pred): ' +
      errs
        .slice(0, 12)
        .map(([t, p, c]) => `${t}->${p} ${c}`)
        .join(', '),
  );
  return lines.join('\n');
}

export function formatConfusion(r: EvalResult, names: string[]): string {
  const present = names.filter((n) => r.perClass.has(n));
  const w = 4;
  const head = '    ' + present.map((n) => n.padStart(w)).join('');
  const rows = present.map(
    (t) => t.padStart(3) + ' ' + present.map((p) => String(r.confusion.get(t)?.get(p) ?? '.').padStart(w)).join(''),
  );
  return ['confusion (rows = true, cols = predicted):', head, ...rows].join('\n');
}
