/** Inference of the trained handshape MLP (plain TypeScript, no dependencies). */
import weights from './weights.json';
import {
  extractFeatures,
  FEATURE_SIZE,
  Z_FEATURE_SIZE,
  type Handedness,
  type Landmark,
  type MirrorMode,
} from './normalize.js';
import { forwardProbs, type MlpModel } from './mlp.js';
import { namesFor, type ClassSet } from './labels.js';

export interface WeightsJson {
  version: number;
  mirrorMode: MirrorMode;
  /** depth features appended (see normalize.zFeatures) */
  useZ?: boolean;
  classes: string[];
  featureSize: number;
  mean: number[];
  std: number[];
  layers: { inputs: number; outputs: number; w: number[]; b: number[] }[];
  training?: unknown;
}

export interface LoadedModel {
  mlp: MlpModel;
  classes: string[];
  mirrorMode: MirrorMode;
  useZ: boolean;
}

export interface Classification {
  label: string;
  confidence: number;
  /** Over the allowed names only; sums to 1. */
  probabilities: Record<string, number>;
}

export function loadModel(json: WeightsJson): LoadedModel {
  const size = FEATURE_SIZE + (json.useZ ? Z_FEATURE_SIZE : 0);
  if (json.featureSize !== size) throw new Error(`weights expect ${json.featureSize} features, code makes ${size}`);
  const layers = json.layers.map((l) => {
    if (l.w.length !== l.inputs * l.outputs || l.b.length !== l.outputs) throw new Error('corrupt layer shape');
    return { inputs: l.inputs, outputs: l.outputs, w: Float64Array.from(l.w), b: Float64Array.from(l.b) };
  });
  if (layers[layers.length - 1].outputs !== json.classes.length) throw new Error('output size != classes');
  return {
    mlp: { mean: Float64Array.from(json.mean), std: Float64Array.from(json.std), layers },
    classes: json.classes,
    mirrorMode: json.mirrorMode,
    useZ: json.useZ === true,
  };
}

let defaultModel: LoadedModel | null = null;
export function getDefaultModel(): LoadedModel {
  if (!defaultModel) {
    // Imported, so the bundler carries the weights into the server build.
    defaultModel = loadModel(weights as unknown as WeightsJson);
  }
  return defaultModel;
}

/** Probabilities over the model's shape classes. */
export function shapeProbabilities(
  landmarks: readonly Landmark[],
  handedness: Handedness,
  model: LoadedModel = getDefaultModel(),
): Float64Array {
  return forwardProbs(model.mlp, extractFeatures(landmarks, handedness, model.mirrorMode, model.useZ));
}

/** Restricts shape probabilities to a class set and renormalises. */
export function restrict(probs: ArrayLike<number>, model: LoadedModel, classes: ClassSet): Classification {
  const out: Record<string, number> = {};
  let total = 0;
  for (const { name, shape } of namesFor(classes)) {
    const idx = model.classes.indexOf(shape);
    const p = idx >= 0 ? probs[idx] : 0;
    out[name] = p;
    total += p;
  }
  let label = '';
  let best = -1;
  for (const name of Object.keys(out)) {
    out[name] = total > 0 ? out[name] / total : 1 / Object.keys(out).length;
    if (out[name] > best) {
      best = out[name];
      label = name;
    }
  }
  return { label, confidence: best, probabilities: out };
}

export function classify(
  landmarks: readonly Landmark[],
  handedness: Handedness,
  classes: ClassSet = 'all',
  model: LoadedModel = getDefaultModel(),
): Classification {
  return restrict(shapeProbabilities(landmarks, handedness, model), model, classes);
}
