/** Inference of the trained handshape MLP (plain TypeScript, no dependencies). */
import weights from './weights.json';
import {
  extractFeatures,
  FEATURE_SIZE,
  featureSize,
  hasDepth,
  type Handedness,
  type Landmark,
  type MirrorMode,
} from './normalize.js';
import {
  firstLayerTail,
  forwardLogitsSharedHead,
  forwardProbsMean,
  softmaxInPlace,
  type DenseLayer,
  type MlpModel,
} from './mlp.js';
import { decodeFloat16Base64 } from './compact.js';
import { namesFor, type ClassSet } from './labels.js';

export interface LayerJson {
  inputs: number;
  outputs: number;
  /** row-major weights: plain numbers, or (compact) base64 of little-endian float16 */
  w: number[] | string;
  b: number[];
}

export interface MemberJson {
  /** training seed of this member (informational) */
  seed?: number;
  mean: number[];
  std: number[];
  layers: LayerJson[];
}

/**
 * Version 1: one network (mean, std, layers at the top level).
 * Version 2: an ensemble (`members`), whose probabilities are averaged; weight matrices float16.
 */
export interface WeightsJson {
  version: number;
  mirrorMode: MirrorMode;
  /** depth features appended (see normalize.zFeatures) */
  useZ?: boolean;
  /**
   * With useZ: read a hand that has z twice, with and without its depth features, and average the
   * two (the networks are trained with z dropped at random, so both readings are theirs).
   */
  withoutZView?: boolean;
  /** with useZ: the palm-frame block follows the depth features (normalize.PALM_POINT_FEATURE_NAMES) */
  palmPoints?: boolean;
  classes: string[];
  featureSize: number;
  mean?: number[];
  std?: number[];
  layers?: LayerJson[];
  members?: MemberJson[];
  training?: unknown;
  /** Confidence calibration fitted on validation data (absent: temperature 1, every answer sure). */
  calibration?: CalibrationJson;
}

export interface CalibrationJson {
  /** the members' logits are divided by it before the softmax */
  temperature: number;
  /** an answer is `sure` when its calibrated, restricted confidence is at least this */
  sureThreshold: number;
  /** how they were chosen, and the figures on the data they were chosen on */
  fittedOn?: string;
  /**
   * The same, fitted for a photo read twice (as taken and mirrored; `classifyReadings`): averaged
   * readings are less confident where they disagree, so they get their own temperature and threshold.
   */
  twoReadings?: { temperature: number; sureThreshold: number; [figure: string]: unknown };
  [figure: string]: unknown;
}

export interface LoadedModel {
  /** one or more networks; the classifier averages their probabilities */
  members: MlpModel[];
  classes: string[];
  mirrorMode: MirrorMode;
  useZ: boolean;
  /** also read a hand with z as if it had none, and average the two readings */
  withoutZView: boolean;
  /** the palm-frame feature block is read (with useZ) */
  palmPoints: boolean;
  /**
   * withoutZView: each member's first-layer sum over the depth inputs of a hand without z (they are
   * constant), so the second reading shares the first layer's 2-D part with the first.
   */
  withoutZTails?: Float64Array[];
  /** temperature scaling of the members' logits (1 = none) */
  temperature: number;
  /** calibrated confidence at or above which an answer is `sure` */
  sureThreshold: number;
  /** temperature and threshold for several readings of one photo (default: the single reading's) */
  readingsTemperature: number;
  readingsSureThreshold: number;
}

export interface Classification {
  label: string;
  /** calibrated (temperature-scaled) probability of the label among the allowed names */
  confidence: number;
  /**
   * The classifier is sure of the label: its calibrated confidence reaches the threshold chosen on
   * validation data. When false, practice asks for an adjustment instead of naming the letter,
   * and does not count an attempt.
   */
  sure: boolean;
  /** Over the allowed names only; sums to 1. */
  probabilities: Record<string, number>;
}

export function loadModel(json: WeightsJson): LoadedModel {
  const size = featureSize(json.useZ === true, json.palmPoints === true);
  if (json.featureSize !== size) throw new Error(`weights expect ${json.featureSize} features, code makes ${size}`);
  const memberJsons: MemberJson[] =
    json.members ??
    (json.mean && json.std && json.layers ? [{ mean: json.mean, std: json.std, layers: json.layers }] : []);
  if (memberJsons.length === 0) throw new Error('weights hold no network');
  const members = memberJsons.map((m): MlpModel => {
    if (m.mean.length !== size || m.std.length !== size) throw new Error('corrupt standardiser');
    let inputs = size;
    const layers = m.layers.map((l): DenseLayer => {
      if (l.inputs !== inputs || l.b.length !== l.outputs) throw new Error('corrupt layer shape');
      const n = l.inputs * l.outputs;
      const w = typeof l.w === 'string' ? decodeFloat16Base64(l.w, n) : Float64Array.from(l.w);
      if (w.length !== n) throw new Error('corrupt layer shape');
      inputs = l.outputs;
      return { inputs: l.inputs, outputs: l.outputs, w, b: Float64Array.from(l.b) };
    });
    if (inputs !== json.classes.length) throw new Error('output size != classes');
    return { mean: Float64Array.from(m.mean), std: Float64Array.from(m.std), layers };
  });
  const withoutZView = json.useZ === true && json.withoutZView === true;
  const depthInputs = size - FEATURE_SIZE;
  return {
    members,
    ...(withoutZView
      ? { withoutZTails: members.map((m) => firstLayerTail(m, FEATURE_SIZE, new Float64Array(depthInputs))) }
      : {}),
    classes: json.classes,
    mirrorMode: json.mirrorMode,
    useZ: json.useZ === true,
    withoutZView,
    palmPoints: json.useZ === true && json.palmPoints === true,
    temperature: json.calibration?.temperature ?? 1,
    sureThreshold: json.calibration?.sureThreshold ?? 0,
    readingsTemperature: json.calibration?.twoReadings?.temperature ?? json.calibration?.temperature ?? 1,
    readingsSureThreshold: json.calibration?.twoReadings?.sureThreshold ?? json.calibration?.sureThreshold ?? 0,
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

/**
 * Probabilities over the model's shape classes (temperature-scaled: calibrated). With withoutZView,
 * a hand with z is read twice, with and without its depth features, and the readings averaged.
 */
export function shapeProbabilities(
  landmarks: readonly Landmark[],
  handedness: Handedness,
  model: LoadedModel = getDefaultModel(),
  temperature = model.temperature,
): Float64Array {
  const f = extractFeatures(landmarks, handedness, model.mirrorMode, model.useZ, model.palmPoints);
  if (!(model.withoutZTails && hasDepth(landmarks))) return forwardProbsMean(model.members, f, temperature);
  // with and without z: the same 2-D inputs, so each member's first layer is shared by both readings
  const p = new Float64Array(model.classes.length);
  model.members.forEach((m, i) => {
    for (const z of forwardLogitsSharedHead(m, f, FEATURE_SIZE, model.withoutZTails![i])) {
      if (temperature !== 1) for (let k = 0; k < z.length; k++) z[k] /= temperature;
      softmaxInPlace(z);
      for (let k = 0; k < p.length; k++) p[k] += z[k];
    }
  });
  for (let k = 0; k < p.length; k++) p[k] /= 2 * model.members.length;
  return p;
}

/** The calibrated confidence at or above which the shipped model's answers are `sure`. */
export function sureThreshold(model: LoadedModel = getDefaultModel()): number {
  return model.sureThreshold;
}

/** Restricts shape probabilities to a class set and renormalises. */
export function restrict(
  probs: ArrayLike<number>,
  model: LoadedModel,
  classes: ClassSet,
  sureThreshold = model.sureThreshold,
): Classification {
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
  return { label, confidence: best, sure: best >= sureThreshold, probabilities: out };
}

export function classify(
  landmarks: readonly Landmark[],
  handedness: Handedness,
  classes: ClassSet = 'all',
  model: LoadedModel = getDefaultModel(),
): Classification {
  return restrict(shapeProbabilities(landmarks, handedness, model), model, classes);
}

/** One reading of a hand: its landmarks and handedness. */
export interface HandReading {
  landmarks: readonly Landmark[];
  handedness: Handedness;
}

/**
 * Several readings of the same picture (a photo read as taken and mirrored) -> one answer: the
 * shape probabilities averaged over the readings, then restricted to the class set. The landmark
 * model's errors on the two readings are largely independent, so the average is right more often
 * than either (model card: "Photos read twice"). Two or more readings use the weights' two-reading
 * calibration (`calibration.twoReadings`); one reading is `classify`.
 */
export function classifyReadings(
  readings: readonly HandReading[],
  classes: ClassSet = 'all',
  model: LoadedModel = getDefaultModel(),
): Classification {
  if (readings.length === 0) throw new Error('classifyReadings needs at least one reading');
  if (readings.length === 1) return classify(readings[0].landmarks, readings[0].handedness, classes, model);
  const p = new Float64Array(model.classes.length);
  for (const r of readings) {
    const q = shapeProbabilities(r.landmarks, r.handedness, model, model.readingsTemperature);
    for (let k = 0; k < p.length; k++) p[k] += q[k] / readings.length;
  }
  return restrict(p, model, classes, model.readingsSureThreshold);
}
