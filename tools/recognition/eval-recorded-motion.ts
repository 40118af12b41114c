/**
 * npm run eval:recorded-motion [-- --fps 20] [--weights FOLD.json]
 *
 * J and Z on real movement: boris's webcam recording (../shared/data/landmarks/boris: one person,
 * about 400 consecutive frames a letter, in frame order) holds a real recording of that person
 * drawing Z over and over, and of every other letter held with the small moves of a real hand (the
 * J recording is an I hand held and moved about, not drawings of J). The frame rate was not
 * recorded: a Z takes 8-14 frames, which is 15-30 fps for a Z drawn in about half a second, so
 * each figure is given at --fps (default: 15, 20 and 30).
 *
 *  - Zs drawn: the recording cut into single Zs where the index tip's x + y (the Z's start at the
 *    top-left corner, its end at the bottom-right) turns from a low to a high (zStrokes, over the
 *    median of three frames; checked by eye on the tip's path of each stroke); each stroke with 3
 *    frames either side is read as `npm run recognize -- --landmarks` reads a sequence
 *    (recognize/sequences.ts), and the whole recording is streamed through the live motion
 *    detector, which fires once per drawn letter;
 *  - the first and second halves of the recording are reported apart (the detector's rules were
 *    revised looking at the first half only);
 *  - other letters: every other letter's recording streamed (J or Z fires), and cut into 1 s
 *    windows every half second, each read as a sequence: never J or Z is right (the J recording
 *    included: its I hand is moved about, never drawn into a J);
 *  - static letters from sequences: the same 1 s windows of the 24 static letters read as their own
 *    letter, against every frame read alone, and how many of them are sure (and sure but wrong) at
 *    the one-answer threshold `recognize` uses and at practice's hold threshold. The shipped
 *    classifier was trained on boris, so this is only honest with --weights, a model that never
 *    saw him (the boris fold of `npm run eval:recognizer -- --holdout sources --folds boris
 *    --fold-models DIR`), read with the shipped calibration.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { recognizeSequence, type SequenceInput } from './recognize/sequences.js';
import { MotionDetector } from '../../packages/recognition/src/handshape/motion.js';
import {
  classify,
  getDefaultModel,
  sureThreshold,
  type LoadedModel,
} from '../../packages/recognition/src/handshape/classifier.js';
import { holdSureThreshold } from '../../packages/recognition/src/handshape/hold-sure.js';
import { STATIC_LETTERS } from '../../packages/recognition/src/handshape/labels.js';
import { sharedDir } from '../shared-dir.mjs';
import { argReader } from './train/recipe.js';
import { loadFoldModel } from './fold-model.js';

/** boris's frames were 4:3 (the landmark CSVs store x/width and y/height) */
export const WIDTH = 640;
export const HEIGHT = 480;

/** Every letter's recording, frames in order, each frame 21 [x, y, z] normalised as MediaPipe writes them. */
export function readRecordings(csv: string): Map<string, number[][][]> {
  const out = new Map<string, { frame: number; pts: number[][] }[]>();
  for (const line of csv.trim().split(/\r?\n/).slice(1)) {
    const c = line.split(',');
    const v = c.slice(2).map(Number);
    const pts = Array.from({ length: 21 }, (_, k) => [v[3 * k], v[3 * k + 1], v[3 * k + 2]]);
    const list = out.get(c[0]) ?? [];
    list.push({ frame: Number(c[1]), pts });
    out.set(c[0], list);
  }
  return new Map([...out].map(([l, fs]) => [l, fs.sort((a, b) => a.frame - b.frame).map((f) => f.pts)]));
}

/** The median of three numbers. */
const median3 = (a: number, b: number, c: number) => Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));

/**
 * Single Zs in a recording of Zs drawn one after another: the index tip's x + y in frame pixels
 * rises from the Z's top-left start to its bottom-right end and falls on the way back. The turns
 * are found with `hysteresis` pixels of hysteresis, and a rise of at least `minRise` pixels from a
 * low to the next high is one Z: [first frame, last frame]. The tip's x and y are each the median
 * of the frame and its two neighbours first: one frame whose landmarks jump (boris's frame 164: the
 * wrist 51 pixels lower, the tip 38 higher, for one frame) would otherwise cut a Z in two or hide
 * one (a dip between its diagonal and its bottom bar).
 */
export function zStrokes(frames: readonly number[][][], hysteresis = 25, minRise = 100): Array<[number, number]> {
  const tip = (i: number, k: 0 | 1) => frames[Math.max(0, Math.min(frames.length - 1, i))][8][k];
  const s = frames.map(
    (_, i) =>
      median3(tip(i - 1, 0), tip(i, 0), tip(i + 1, 0)) * WIDTH +
      median3(tip(i - 1, 1), tip(i, 1), tip(i + 1, 1)) * HEIGHT,
  );
  const turns: { i: number; kind: 'low' | 'high' }[] = [];
  let dir: 'up' | 'down' | null = null;
  let cand = 0;
  for (let i = 1; i < s.length; i++) {
    if (dir !== 'down' && s[i] > s[cand]) {
      dir ??= 'up';
      cand = i;
    } else if (dir !== 'up' && s[i] < s[cand]) {
      dir ??= 'down';
      cand = i;
    }
    if (dir === 'up' && s[cand] - s[i] > hysteresis) {
      turns.push({ i: cand, kind: 'high' });
      dir = 'down';
      cand = i;
    } else if (dir === 'down' && s[i] - s[cand] > hysteresis) {
      turns.push({ i: cand, kind: 'low' });
      dir = 'up';
      cand = i;
    }
  }
  const out: Array<[number, number]> = [];
  for (let k = 0; k + 1 < turns.length; k++) {
    const [a, b] = [turns[k], turns[k + 1]];
    if (a.kind === 'low' && b.kind === 'high' && s[b.i] - s[a.i] >= minRise) out.push([a.i, b.i]);
  }
  return out;
}

const sequence = (id: string, frames: number[][][], fps: number): SequenceInput => ({
  id,
  fps,
  width: WIDTH,
  height: HEIGHT,
  frames,
});

/** The frame's landmarks in frame pixels, as the classifier and the motion detector take them. */
export const inPixels = (f: readonly number[][]) =>
  f.map(([x, y, z]) => ({ x: x * WIDTH, y: y * HEIGHT, z: z * WIDTH }));

/** Streams a recording through the live motion detector: the frames at which it fires, with the letter. */
export function streamFires(frames: readonly number[][][], fps: number): Array<{ at: number; letter: string }> {
  const m = new MotionDetector();
  const fires: Array<{ at: number; letter: string }> = [];
  frames.forEach((f, i) => {
    const r = m.push({ timeMs: (i * 1000) / fps, landmarks: inPixels(f), handedness: 'Right' });
    if (r) fires.push({ at: i, letter: r });
  });
  return fires;
}

/** A recording's 1 s windows every half second, each read as a sequence by `model`. */
export function secondWindows(
  recordings: ReadonlyMap<string, number[][][]>,
  fps: number,
  model: LoadedModel,
): Array<{ label: string; read: ReturnType<typeof recognizeSequence> }> {
  const out: Array<{ label: string; read: ReturnType<typeof recognizeSequence> }> = [];
  for (const [label, fs] of [...recordings].sort()) {
    for (let s = 0; s + fps <= fs.length; s += Math.round(fps / 2))
      out.push({
        label,
        read: recognizeSequence(sequence(`${label} ${s}`, fs.slice(s, s + fps), fps), 'letters', model),
      });
  }
  return out;
}

/**
 * The static letters' recordings cut into 1 s windows every half second, each read as a sequence
 * by `model`: how many are read as their own letter, against every frame read alone. `windows`:
 * those windows already read (secondWindows), so they are not read twice.
 */
export function staticWindows(
  recordings: ReadonlyMap<string, number[][][]>,
  fps: number,
  model: LoadedModel,
  windows = secondWindows(recordings, fps, model),
): { windows: [right: number, all: number]; frames: [right: number, all: number]; wrong: Map<string, number> } {
  const counts: [number, number] = [0, 0];
  const frames: [number, number] = [0, 0];
  const wrong = new Map<string, number>();
  for (const [label, fs] of recordings) {
    if (!STATIC_LETTERS.includes(label)) continue;
    for (const f of fs) {
      frames[1]++;
      if (classify(inPixels(f), 'Right', 'letters', model).label === label) frames[0]++;
    }
  }
  for (const { label, read } of windows) {
    if (!STATIC_LETTERS.includes(label)) continue;
    counts[1]++;
    if (read.label === label) counts[0]++;
    else {
      const k = `${label}->${read.label}`;
      wrong.set(k, (wrong.get(k) ?? 0) + 1);
    }
  }
  return { windows: counts, frames, wrong };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { opt } = argReader(process.argv.slice(2));
  const fpsArg = opt('--fps');
  const weights = opt('--weights');
  const model = weights ? loadFoldModel(weights) : getDefaultModel();
  const fpsList = fpsArg ? [Number(fpsArg)] : [15, 20, 30];
  const csv = readFileSync(path.join(sharedDir(), 'data', 'landmarks', 'boris', 'asl_landmarks_raw.csv'), 'utf8');
  const recordings = readRecordings(csv);
  const z = recordings.get('Z')!;
  const strokes = zStrokes(z);
  const half = Math.floor(z.length / 2);
  const pc = (a: number, b: number) => `${a}/${b} (${((100 * a) / Math.max(1, b)).toFixed(1)}%)`;
  console.log(`boris's Z recording: ${z.length} frames, ${strokes.length} Zs drawn (${JSON.stringify(strokes)})`);
  for (const fps of fpsList) {
    console.log(`\nat ${fps} fps`);
    for (const [name, inHalf] of [
      ['first half', (a: number) => a < half],
      ['second half', (a: number) => a >= half],
    ] as const) {
      const mine = strokes.filter(([a]) => inHalf(a));
      const read = mine.map(([a, b]) =>
        recognizeSequence(sequence(`Z ${a}-${b}`, z.slice(Math.max(0, a - 3), b + 4), fps), 'letters', model),
      );
      const fires = streamFires(
        z.filter((_, i) => inHalf(i)),
        fps,
      );
      const missed = read.filter((r) => r.label !== 'Z').map((r) => `${r.id}: ${r.label}`);
      console.log(
        `  Z, ${name}: each Z as a sequence read Z ${pc(read.length - missed.length, read.length)}${missed.length ? ` (missed ${missed.join(', ')})` : ''}; streamed: ${fires.filter((f) => f.letter === 'Z').length} Z fires for ${mine.length} Zs drawn, ${fires.filter((f) => f.letter === 'J').length} J`,
      );
    }
    const others = new Map([...recordings].filter(([label]) => label !== 'Z'));
    const streamed: string[] = [];
    for (const [label, frames] of [...others].sort())
      for (const f of streamFires(frames, fps)) streamed.push(`${label}->${f.letter}@${f.at}`);
    const secs = secondWindows(others, fps, model);
    const windows = secs.length;
    const wrong = secs
      .filter(({ read: r }) => r.label === 'J' || r.label === 'Z')
      .map(({ read: r }) => `${r.id}->${r.label}`);
    const st = staticWindows(others, fps, model, secs);
    const top = [...st.wrong].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(
      `  static letters (${weights ? `classifier ${weights}` : 'the shipped classifier, which was trained on boris'}): 1 s windows read as their letter ${pc(...st.windows)}, every frame alone ${pc(...st.frames)}${top.length ? ` (windows wrong: ${top.map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`,
    );
    const still = secs.filter(({ label }) => STATIC_LETTERS.includes(label));
    const sureAt = (t: number) => {
      const sure = still.filter(({ read: r }) => r.confidence >= t);
      return `${pc(sure.length, still.length)} sure, ${pc(sure.filter(({ label, read: r }) => r.label !== label).length, still.length)} sure and wrong`;
    };
    console.log(
      `  their sure (the one-answer threshold ${sureThreshold(model)}, as recognize uses): ${sureAt(sureThreshold(model))}; at the hold's ${holdSureThreshold()}: ${sureAt(holdSureThreshold())}`,
    );
    console.log(
      `  other letters' recordings (${recordings.size - 1}): 1 s windows read J or Z ${pc(wrong.length, windows)}${wrong.length ? ` (${wrong.join(', ')})` : ''}; streamed whole: ${streamed.length} J/Z fires${streamed.length ? ` (${streamed.join(', ')})` : ''}`,
    );
  }
}
