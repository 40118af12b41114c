/**
 * Landmark sequences in, letters out (`npm run recognize -- --landmarks FILE.jsonl`).
 *
 * Each input line: {"id": "...", "fps": 30, "width": 640, "height": 480, "frames": [[[x, y, z] x 21], ...]}
 * with x and y normalised to 0..1 of the frame and z relative to the wrist (MediaPipe's
 * normalised landmarks); a frame with no hand may be null or []. Also taken as MediaPipe's own
 * shapes are often written out (asWritten): a point as {"x", "y", "z"}, a frame as a list of hands
 * (the first is read), a numeric id. Read as letters unless --classes
 * says otherwise (recognize/args.ts). Each output line:
 * {"id", "label", "confidence", "sure"}: the letter the sequence shows, decided as live practice
 * decides it, with the recognition-level modules it uses: per-frame classification (calibrated,
 * restricted to --classes), the stabilizer's smoothing and hold (a letter counts once it has led
 * for 400 ms), and the motion detector (J and Z from the pinky's or the index's path).
 *  - a J or Z drawn anywhere in the sequence wins (letters and all only);
 *  - otherwise the first letter the stabilizer commits (held long enough);
 *  - otherwise (a sequence shorter than the hold, e.g. a single frame: a static letter) the label
 *    with the highest mean probability over the hand frames.
 * `sure` follows the classifier's one-answer threshold on the decided label's mean calibrated
 * probability over the hand frames (not practice's lower hold threshold: practice also gives the
 * asked letter the benefit of the doubt, and a sequence has no asked letter; model card, "Static
 * letters from landmark sequences"); a J or Z found from the path is sure. No hand in any frame:
 * label null.
 */
import {
  classify,
  sureThreshold,
  type LoadedModel,
  getDefaultModel,
} from '../../../packages/recognition/src/handshape/classifier.js';
import type { ClassSet } from '../../../packages/recognition/src/handshape/labels.js';
import { MotionDetector } from '../../../packages/recognition/src/handshape/motion.js';
import type { Landmark } from '../../../packages/recognition/src/handshape/normalize.js';
import { Stabilizer } from '../../../packages/recognition/src/handshape/stabilizer.js';
import { inputError, type InputErrorCode } from './input-errors.js';

export interface SequenceInput {
  id: string;
  fps: number;
  width: number;
  height: number;
  frames: (number[][] | null)[];
}

export interface SequenceResult {
  id: string;
  label: string | null;
  confidence: number;
  sure: boolean;
  /** the line could not be used (input-errors.ts) */
  error?: string;
  code?: InputErrorCode;
}

const isPoint = (p: unknown): boolean =>
  Array.isArray(p) || (typeof p === 'object' && p !== null && 'x' in p && 'y' in p);

/**
 * A line in the documented shape from the shapes MediaPipe's results are often written in: points as
 * objects ({"x", "y", "z"}, as NormalizedLandmark serialises), a frame as the list of hands found
 * (multi_hand_landmarks: its first hand is read, as live practice reads one), a number as id. What
 * is not one of these is left for validate to name.
 */
export function asWritten(o: unknown): unknown {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return o;
  const s = { ...(o as Record<string, unknown>) };
  if (typeof s.id === 'number') s.id = String(s.id);
  if (!Array.isArray(s.frames)) return s;
  s.frames = s.frames.map((f: unknown) => {
    if (!Array.isArray(f) || f.length === 0) return f;
    const hand: unknown = f.length !== 21 && Array.isArray(f[0]) && f[0].every(isPoint) ? f[0] : f;
    if (!Array.isArray(hand)) return hand;
    return hand.map((p: unknown) => {
      if (Array.isArray(p) || typeof p !== 'object' || p === null) return p;
      const { x, y, z } = p as { x?: unknown; y?: unknown; z?: unknown };
      return z === undefined ? [x, y] : [x, y, z];
    });
  });
  return s;
}

function validate(o: unknown): SequenceInput | string {
  if (typeof o !== 'object' || o === null) return 'not a JSON object';
  const s = o as Partial<SequenceInput>;
  if (typeof s.id !== 'string') return 'id must be a string';
  for (const k of ['fps', 'width', 'height'] as const)
    if (typeof s[k] !== 'number' || !(s[k] > 0)) return `${k} must be a positive number`;
  if (!Array.isArray(s.frames) || s.frames.length === 0) return 'frames must be a non-empty array';
  for (const f of s.frames) {
    if (f === null || (Array.isArray(f) && f.length === 0)) continue;
    if (!Array.isArray(f) || f.length !== 21) return 'each frame must be null, [] or 21 points';
    for (const p of f)
      if (!Array.isArray(p) || p.length < 2 || p.some((v) => typeof v !== 'number' || !Number.isFinite(v)))
        return 'each point must be [x, y] or [x, y, z] numbers';
  }
  return s as SequenceInput;
}

/** A line's frame as the classifier reads it: x and y times the frame's width and height, z times its width; null without a hand. */
export function handOf(frame: number[][] | null, width: number, height: number): Landmark[] | null {
  return frame && frame.length === 21
    ? frame.map((p) => ({ x: p[0]! * width, y: p[1]! * height, z: p[2] === undefined ? undefined : p[2] * width }))
    : null;
}

/** One sequence's letter, as live practice would decide it. */
export function recognizeSequence(
  seq: SequenceInput,
  classes: ClassSet,
  model: LoadedModel = getDefaultModel(),
): SequenceResult {
  const stabilizer = new Stabilizer();
  const motion = new MotionDetector();
  const motionAllowed = classes !== 'digits';
  const sums = new Map<string, number>();
  let handFrames = 0;
  let committed = null as string | null;
  let drawn = null as string | null;
  const dt = 1000 / seq.fps;
  seq.frames.forEach((f, i) => {
    const t = i * dt;
    const landmarks = handOf(f, seq.width, seq.height);
    const c = landmarks ? classify(landmarks, 'Right', classes, model) : null;
    if (c) {
      handFrames++;
      for (const [k, v] of Object.entries(c.probabilities)) sums.set(k, (sums.get(k) ?? 0) + v);
    }
    const st = stabilizer.update(t, c ? c.probabilities : null);
    if (st.committed && committed === null) committed = st.label;
    const m = motion.push({ timeMs: t, landmarks, handedness: 'Right' });
    if (m && motionAllowed && drawn === null) drawn = m;
  });
  if (!handFrames) return { id: seq.id, label: null, confidence: 0, sure: false };
  const mean = (k: string) => (sums.get(k) ?? 0) / handFrames;
  if (drawn) return { id: seq.id, label: drawn, confidence: 1, sure: true };
  let label: string | null = committed;
  if (label === null) {
    let best = -1;
    for (const k of sums.keys())
      if (mean(k) > best) {
        best = mean(k);
        label = k;
      }
  }
  const confidence = mean(label!);
  return {
    id: seq.id,
    label,
    confidence: Math.round(confidence * 1000) / 1000,
    sure: confidence >= sureThreshold(model),
  };
}

/** The non-blank lines of a JSON-lines text, each parsed (`notJson` when it is not JSON), with its line number from 1. */
export function* jsonLines(text: string): Generator<{ line: number; value: unknown; notJson: boolean }> {
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n]!.trim();
    if (!raw) continue;
    try {
      yield { line: n + 1, value: JSON.parse(raw) as unknown, notJson: false };
    } catch {
      yield { line: n + 1, value: undefined, notJson: true };
    }
  }
}

/** Every line of a JSON-lines text (blank lines skipped); a bad line gets an "error" line of its own. */
export function* recognizeSequences(text: string, classes: ClassSet, model?: LoadedModel): Generator<SequenceResult> {
  for (const { line, value: parsed, notJson } of jsonLines(text)) {
    if (notJson) {
      yield { id: `line ${line}`, label: null, confidence: 0, sure: false, ...inputError('LINE_NOT_JSON') };
      continue;
    }
    const written = asWritten(parsed);
    const seq = validate(written);
    if (typeof seq === 'string') {
      const id = (written as { id?: unknown })?.id;
      const at = typeof id === 'string' ? id : `line ${line}`;
      yield { id: at, label: null, confidence: 0, sure: false, ...inputError('SEQUENCE_INVALID', seq) };
      continue;
    }
    yield recognizeSequence(seq, classes, model);
  }
}
