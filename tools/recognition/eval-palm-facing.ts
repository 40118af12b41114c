/**
 * npm run eval:palm-facing [-- --live]
 *
 * Whether "turn your palm toward the camera" can be told from the landmarks (palm-facing.ts).
 * 1. The palm's facing of each letter in every source with depth (its 5th percentile and median):
 *    which letters are signed palm to the camera, and how far a held palm strays.
 * 2. The rule on people never trained on (Massey hand4, the test signer, and ASL-HG P10, the
 *    validation signer), letters signed palm to the camera: their photos as taken, and their
 *    landmarks turned in 3-D about the wrist (eval-viewpoint.ts's viewedFrom) as if the camera stood to one side or above: how
 *    often the palm is called turned, and how the shipped classifier reads those hands.
 * 3. With --live: the same people's photos as webcam frames read by the landmark pipeline as live
 *    practice reads a held sign (eval-live.ts's 8 tracked frames): how often a frame's palm is
 *    called turned, and which held signs would be told to turn (read unsure at the hold's
 *    threshold, the last frame's palm turned).
 */
import { classify } from '../../packages/recognition/src/handshape/classifier.js';
import {
  FACING_TURNED_BELOW,
  PALM_TO_CAMERA_LETTERS,
  palmFacing,
} from '../../packages/recognition/src/handshape/palm-facing.js';
import type { Landmark } from '../../packages/recognition/src/handshape/normalize.js';
import path from 'node:path';
import { createHandPipeline } from '../../apps/server/src/recognition/landmarks/pipeline.js';
import { holdSureThreshold } from '../../packages/recognition/src/handshape/hold-sure.js';
import { LIVE_PIPELINE_OPTIONS } from '../../packages/recognition/src/landmarks/live.js';
import { sharedDir } from '../shared-dir.mjs';
import { ensureModels } from './convert/ensure-models.js';
import { viewedFrom } from './eval-viewpoint.js';
import { holdSign, webcamFrame } from './live-hold.js';
import { readManifest } from './photo-manifest.js';
import { landmarksOfSample, loadExtracted, loadLandmarkSet, roleOf, type Sample } from './train/data.js';

const LETTERS = 'ABCDEFGHIKLMNOPQRSTUVWXY'.split('');
const quantile = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
};
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');

function table(): void {
  const sets: Array<[string, Sample[]]> = [];
  for (const src of ['boris', 'siruyy', 'aslnow'] as const) sets.push([src, loadLandmarkSet(src)]);
  for (const src of ['massey', 'aslhg'] as const) {
    const e = loadExtracted(src);
    if (e) sets.push([src, e.samples]);
    else console.log(`(${src}: no readings; npm run extract:landmarks -- --set ${src})`);
  }
  console.log('palm facing by letter: 5th percentile / median (rows), 1 = palm square to the camera');
  console.log(`letter  ${sets.map(([n]) => n.padStart(17)).join('')}`);
  for (const letter of LETTERS) {
    const cells = sets.map(([, ss]) => {
      const f = ss.filter((s) => s.label === letter && s.z).map((s) => palmFacing(landmarksOfSample(s)) ?? 1);
      return (f.length ? `${quantile(f, 0.05).toFixed(2)}/${quantile(f, 0.5).toFixed(2)} (${f.length})` : '').padStart(
        17,
      );
    });
    console.log(`${letter}${PALM_TO_CAMERA_LETTERS.has(letter) ? '*' : ' '}      ${cells.join('')}`);
  }
  console.log('* signed palm to the camera (PALM_TO_CAMERA_LETTERS)');
  const turned = sets.map(([, ss]) => {
    const f = ss
      .filter((s) => s.z && PALM_TO_CAMERA_LETTERS.has(s.label))
      .map((s) => palmFacing(landmarksOfSample(s)) ?? 1);
    return pct(f.filter((x) => x < FACING_TURNED_BELOW).length, f.length).padStart(17);
  });
  console.log(`turned* ${turned.join('')}   (rows of * letters with the palm turned below ${FACING_TURNED_BELOW})`);
}

interface Tally {
  n: number;
  turned: number;
  right: number;
  sure: number;
  unsure: number;
  unsureTurned: number;
}
const tally = (): Tally => ({ n: 0, turned: 0, right: 0, sure: 0, unsure: 0, unsureTurned: 0 });
function add(t: Tally, s: Sample, lm: Landmark[]): void {
  const c = classify(lm, s.handedness, 'letters');
  const turned = (palmFacing(lm) ?? 1) < FACING_TURNED_BELOW;
  t.n++;
  if (turned) t.turned++;
  if (c.label === s.label) t.right++;
  if (c.sure) t.sure++;
  else {
    t.unsure++;
    if (turned) t.unsureTurned++;
  }
}
const line = (name: string, t: Tally) =>
  `${name.padEnd(28)} ${String(t.n).padStart(5)}  turned ${pct(t.turned, t.n).padStart(6)}  right ${pct(t.right, t.n).padStart(6)}  sure ${pct(t.sure, t.n).padStart(6)}  of the unsure, turned ${pct(t.unsureTurned, t.unsure).padStart(6)}`;

function rule(): void {
  console.log(`\nthe rule (palm turned below ${FACING_TURNED_BELOW}) on people never trained on, shipped classifier:`);
  const VIEWS: ReadonlyArray<readonly [string, number, number]> = [
    ['as taken', 0, 0],
    ['turned 30°', 0, 30],
    ['turned 45°', 0, 45],
    ['turned 60°', 0, 60],
    ['tilted 45° (from above)', 45, 0],
    ['tilted 60° (from above)', 60, 0],
  ];
  for (const [set, role] of [
    ['massey', 'test'],
    ['aslhg', 'val'],
  ] as const) {
    const e = loadExtracted(set);
    if (!e) continue;
    const people = e.samples.filter((s) => s.z && PALM_TO_CAMERA_LETTERS.has(s.label) && roleOf(s, true) === role);
    for (const [name, tilt, turn] of VIEWS) {
      const both = tally();
      for (const s of people) {
        add(both, s, viewedFrom(s, tilt, turn));
        if (turn) add(both, s, viewedFrom(s, tilt, -turn)); // either side
      }
      console.log(line(`${set} ${name}`, both));
    }
  }
}

async function live(): Promise<void> {
  console.log('\nheld signs as live practice reads them (320x240 webcam frames, 8 tracked frames each):');
  const modelDir = path.resolve(import.meta.dirname, '../../.cache/models');
  await ensureModels(modelDir);
  const pipe = await createHandPipeline({
    ...LIVE_PIPELINE_OPTIONS,
    modelDir,
    variant: 'full-int8',
    intraOpThreads: 1,
  });
  const photos = path.join(sharedDir(), 'data', 'photos');
  for (const [set, signer] of [
    ['massey', 'hand3'],
    ['massey', 'hand4'],
    ['aslhg', 'P10'],
  ] as const) {
    const rows = (await readManifest(photos, set)).filter(
      (r) => r.signer === signer && PALM_TO_CAMERA_LETTERS.has(r.label!.toUpperCase()),
    );
    let frames = 0;
    let turned = 0;
    const told: string[] = [];
    for (const r of rows) {
      let last = 1;
      const held = await holdSign(pipe, await webcamFrame(path.join(photos, set, r.path!)), 8, (h) => {
        const lm = h.landmarks.map(([x, y, z]) => ({ x: x!, y: y!, z }));
        last = palmFacing(lm) ?? 1;
        frames++;
        if (last < FACING_TURNED_BELOW) turned++;
        return classify(lm, h.handedness === 'left' ? 'Left' : 'Right', 'letters');
      });
      if (held.tracked && held.confidence < holdSureThreshold() && last < FACING_TURNED_BELOW)
        told.push(`${r.path} (read ${held.label} ${held.confidence.toFixed(2)})`);
    }
    console.log(
      `${set} ${signer}: ${rows.length} held signs, ${frames} frames, palm turned on ${turned} (${pct(turned, frames)}); told to turn: ${told.length}${told.length ? `: ${told.join(', ')}` : ''}`,
    );
  }
  await pipe.close();
}

table();
rule();
if (process.argv.includes('--live')) await live();
