/**
 * npm run eval:moving-photos [-- --size 100] [--hands hand1,hand2,hand3,hand4] [--every 1] [--no-predict-motion]
 *
 * J and Z drawn with real hands in front of a webcam, through the whole live pipeline: each
 * Massey I photo (the hand segmented on black) moves along a J, each D photo along a Z, across a
 * 320x240 frame as a learner's hand crosses a webcam's picture; every frame is JPEG-compressed as
 * the browser sends it and read by the live pipeline with tracking (LIVE_PIPELINE_OPTIONS, the
 * served full-int8 landmark model), and the landmark sequence is decided as `npm run recognize --
 * --landmarks` decides it (recognize/sequences.ts: classification, hold, motion detector). So the
 * landmark model's own reading of a moving, blurred hand is in it, which `eval:motion` (landmarks
 * moved along the paths) can only imitate.
 *
 * - timings as `eval:motion`'s: 1 s at 30 fps, 0.7 s at 15 fps, 1.5 s at 20 fps; the handshape held
 *   0.4 s before and 0.2 s after;
 * - sharp frames, and blurred ones: each frame the average of the hand at every pixel of its travel over a 1/30 s
 *   exposure (an indoor webcam's) or a 1/15 s one (a dim room), as a sensor integrates a moving hand;
 * - the path in the hand's own palm sizes (wrist to middle knuckle, read from the still frame), x
 *   toward the thumb's side as the hand shows it: a J 1.6 palms down with a hook 1.2 across, a Z 2
 *   palms square (`drawn-letters.ts`);
 * - still: each photo held 1 s at 15 fps, moving a pixel or two as a hand trembles: never J or Z.
 *
 * The hand is a photo moved flat (no wrist twist, the same picture in every frame), so this says
 * how the pipeline reads real hands in motion, not how people draw. Massey hand1 and hand2 were
 * in the classifier's training; hand3 (validation) and hand4 (test) were not (the motion detector
 * is trained on nobody). Prints each configuration's J and Z read, what the misses were read as,
 * the stills read as J or Z, and how often live practice asking for the letter (HandReader) told
 * the learner to draw it more slowly (the hand lost mid-stroke, lost-stroke.ts): of the misses, and
 * of the stills (never wanted).
 */
import path from 'node:path';
import sharp from 'sharp';
import { createHandPipeline } from '../../apps/server/src/recognition/landmarks/pipeline.js';
import { decodeImage } from '../../apps/server/src/recognition/landmarks/image.js';
import { LIVE_PIPELINE_OPTIONS } from '../../packages/recognition/src/landmarks/live.js';
import { jPath, zPath } from '../../packages/recognition/src/handshape/__fixtures__/drawn-letters.js';
import { ensureModels } from './convert/ensure-models.js';
import { sharedDir } from '../shared-dir.mjs';
import { readManifest } from './photo-manifest.js';
import { recognizeSequence } from './recognize/sequences.js';
import { argReader } from './train/recipe.js';
import { toDetectedHand } from '../../packages/recognition/src/landmarks/live.js';
import { HandReader } from '../../packages/practice/src/hand-reader.js';
import type { DetectedHand } from '../../packages/protocol/src/live.js';
import { exposeFrame, strokeFrames, type RawRgb, type Stroke } from '../../apps/server/src/test/moving-photo.js';

const W = 320;
const H = 240;
const TIMINGS: ReadonlyArray<readonly [seconds: number, fps: number]> = [
  [1, 30],
  [0.7, 15],
  [1.5, 20],
];
/** sharp; a 1/30 s exposure (an indoor webcam's); 1/15 s (a dim room, the webcam at 15 fps) */
const EXPOSURES = [0, 1 / 30, 1 / 15];

const { opt } = argReader(process.argv.slice(2));
const size = Number(opt('--size') ?? 100);
const hands = (opt('--hands') ?? 'hand1,hand2,hand3,hand4').split(',');
const every = Number(opt('--every') ?? 1);
// --no-predict-motion: the live options without the moving crop (LIVE_PIPELINE_OPTIONS.predictMotion), to compare
const predictMotion = !process.argv.includes('--no-predict-motion');

const photos = path.join(sharedDir(), 'data', 'photos');
const rows = (await readManifest(photos, 'massey'))
  .filter((r) => /^[id]$/i.test(r.label!) && hands.includes(r.signer!))
  .filter((_, k) => k % every === 0);
const modelDir = path.resolve(import.meta.dirname, '../../.cache/models');
await ensureModels(modelDir);
const pipe = await createHandPipeline({
  ...LIVE_PIPELINE_OPTIONS,
  predictMotion,
  modelDir,
  variant: 'full-int8',
  intraOpThreads: 1,
});

async function loadPhoto(file: string): Promise<RawRgb> {
  const { data, info } = await sharp(file)
    .resize(size, size, { fit: 'contain', background: '#000' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

async function webcamJpeg(rgb: Uint8Array) {
  const jpeg = await sharp(Buffer.from(rgb), { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return decodeImage(jpeg);
}

/** The frames read with tracking: each frame's hand as the server sends it (none: no hand). */
async function read(photo: RawRgb, frames: (readonly [number, number])[][]): Promise<(DetectedHand | null)[]> {
  let track = null;
  const out: (DetectedHand | null)[] = [];
  for (const positions of frames) {
    const res = await pipe.process({ rgb: await webcamJpeg(exposeFrame(photo, positions, W, H)) }, track);
    track = res.track;
    out.push(res.hands[0] ? toDetectedHand(res.hands[0]) : null);
  }
  return out;
}

/** The landmarks normalised as MediaPipe writes them, as `recognize --landmarks` takes them. */
const normalised = (hands: readonly (DetectedHand | null)[]) =>
  hands.map((h) => (h ? h.landmarks.map(([x, y, z]) => [x / W, y / H, (z ?? 0) / W]) : null));

/** Live practice asked for `letter` and shown these frames: was the learner told to draw it more slowly? */
function toldSlower(hands: readonly (DetectedHand | null)[], fps: number, letter: string): boolean {
  const reader = new HandReader();
  return hands.some(
    (h, i) =>
      reader.read((i * 1000) / fps, h ? [h] : [], { letter, kind: 'letter' }, { width: W, height: H }).frame.hand
        ?.drawnTooFast === true,
  );
}

/** The still hand's palm (pixels) and which way its thumb is (+1: toward +x), from one frame at `at`. */
async function handAt(photo: RawRgb, at: readonly [number, number]) {
  const hand = (await read(photo, [[at], [at]]))[1];
  if (!hand) return null;
  const p = hand.landmarks;
  return {
    palm: Math.hypot(p[9]![0]! - p[0]![0]!, p[9]![1]! - p[0]![1]!),
    thumb: Math.sign(p[5]![0]! - p[17]![0]!) || 1,
  };
}

type Tally = { n: number; right: number; wrong: Map<string, number> };
const tally = new Map<string, Tally>();
const count = (key: string, got: string | null, want: string) => {
  const t = tally.get(key) ?? { n: 0, right: 0, wrong: new Map<string, number>() };
  t.n++;
  if (got === want) t.right++;
  else t.wrong.set(got ?? 'no hand', (t.wrong.get(got ?? 'no hand') ?? 0) + 1);
  tally.set(key, t);
};
let stills = 0;
let missed = 0;
let missedToldSlower = 0;
let stillsToldSlower = 0;
const stillsMoving: string[] = [];
let noHand = 0;
const started = performance.now();

for (const r of rows) {
  const letter = r.label!.toUpperCase();
  const drawn = letter === 'I' ? 'J' : 'Z';
  const photo = await loadPhoto(path.join(photos, 'massey', r.path!));
  // the drawing's start: J from the upper left, Z from the upper right, so it stays in the frame
  const start: [number, number] = letter === 'I' ? [W / 2 - size / 2 - 30, 15] : [W / 2 - size / 2 + 40, 25];
  const hand = await handAt(photo, start);
  if (!hand) {
    noHand++;
    continue;
  }
  const pathOf = letter === 'I' ? jPath : zPath;
  const at = (t: number): [number, number] => {
    const [a, b] = pathOf(t);
    const x = start[0] + a * hand.palm * hand.thumb;
    return [Math.min(W - size * 0.6, Math.max(-size * 0.4, x)), start[1] + b * hand.palm];
  };
  for (const [seconds, fps] of TIMINGS)
    for (const exposure of EXPOSURES) {
      const stroke: Stroke = {
        at,
        seconds,
        fps,
        before: Math.round(0.4 * fps),
        after: Math.round(0.2 * fps),
        exposure,
      };
      const hands = await read(photo, strokeFrames(stroke));
      const got = recognizeSequence(
        { id: r.path!, fps, width: W, height: H, frames: normalised(hands) },
        'letters',
      ).label;
      const key = `${drawn} ${seconds} s at ${fps} fps, ${exposure ? `blurred 1/${Math.round(1 / exposure)} s` : 'sharp'}`;
      count(key, got, drawn);
      count(`${drawn} (${r.signer})`, got, drawn);
      if (got !== drawn) {
        missed++;
        if (toldSlower(hands, fps, drawn)) missedToldSlower++;
      }
    }
  // still for 1 s at 15 fps, trembling by a pixel or two
  const still = Array.from({ length: 15 }, (_, k) => [[start[0] + (k % 3) - 1, start[1] + ((k * 7) % 3) - 1] as const]);
  const stillHands = await read(photo, still);
  const got = recognizeSequence(
    { id: r.path!, fps: 15, width: W, height: H, frames: normalised(stillHands) },
    'letters',
  ).label;
  if (toldSlower(stillHands, 15, drawn)) stillsToldSlower++;
  stills++;
  if (got === 'J' || got === 'Z') stillsMoving.push(`${r.path} read ${got}`);
  count(`still ${letter}`, got, letter);
}
await pipe.close();

const pct = (a: number, n: number) => `${a}/${n} (${((100 * a) / Math.max(n, 1)).toFixed(1)}%)`;
console.log(
  `Massey ${hands.join(', ')}: ${rows.length} I and D photos, ${size} px square in a ${W}x${H} frame, predictMotion ${predictMotion ? 'on' : 'off'}; ${noHand} not found still (left out); ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
for (const [key, t] of [...tally].sort((a, b) => a[0].localeCompare(b[0])))
  console.log(
    `${key}: ${pct(t.right, t.n)}${t.wrong.size ? `; otherwise ${[...t.wrong].map(([l, c]) => `${l} ${c}`).join(', ')}` : ''}`,
  );
console.log(
  `stills read as J or Z: ${stillsMoving.length} of ${stills}${stillsMoving.length ? `: ${stillsMoving.join('; ')}` : ''}`,
);
console.log(
  `practice asking for the letter (HandReader): of the ${missed} J and Z missed, ${missedToldSlower} told to draw more slowly; of the ${stills} stills, ${stillsToldSlower}`,
);
