/**
 * npm run eval:viewpoint -- --fold-models DIR [--set aslhg|massey]
 *
 * How much the handshape classifier alone depends on the camera's viewpoint: every letter photo
 * of the set with depth (test signers left out), its landmarks turned in 3-D about the wrist as if
 * the camera were higher or lower (tilt, about the image's x axis) or to one side (turn, about its
 * y axis), by ±15 and ±30 degrees, read by the fold model that never saw the set (DIR/<set>.json, from
 * `npm run eval:recognizer -- --holdout sources --fold-models DIR`). The landmark model's own
 * errors on such views are not in this figure: it turns correct landmarks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classify, loadModel, type WeightsJson } from '../../packages/recognition/src/handshape/classifier.js';
import type { Landmark } from '../../packages/recognition/src/handshape/normalize.js';
import { turn3d } from './train/augment.js';
import { loadExtracted, roleOf, type PhotoSource, type Sample } from './train/data.js';
import { argReader } from './train/recipe.js';

/** The sample's landmarks turned by `tiltDeg` about x, then `turnDeg` about y, through the wrist (turn3d). */
export function viewedFrom(s: Sample, tiltDeg: number, turnDeg: number): Landmark[] {
  if (!s.z) throw new Error('viewedFrom needs depth');
  const { xy, z } = turn3d(s.xy, s.z, tiltDeg, turnDeg);
  return Array.from({ length: 21 }, (_, i) => ({ x: xy[2 * i], y: xy[2 * i + 1], z: z[i] }));
}

const VIEWS: ReadonlyArray<readonly [tilt: number, turn: number]> = [
  [0, 0],
  [15, 0],
  [-15, 0],
  [30, 0],
  [-30, 0],
  [0, 15],
  [0, -15],
  [0, 30],
  [0, -30],
];

function main(): void {
  const { opt } = argReader(process.argv.slice(2));
  const dir = opt('--fold-models');
  const set = (opt('--set') ?? 'aslhg') as PhotoSource;
  if (!dir) {
    console.error('usage: npm run eval:viewpoint -- --fold-models DIR [--set aslhg|massey]');
    process.exit(2);
  }
  const model = loadModel(JSON.parse(readFileSync(path.join(dir, `${set}.json`), 'utf8')) as WeightsJson);
  const extracted = loadExtracted(set);
  if (!extracted) throw new Error(`no ${set} readings: npm run extract:landmarks first`);
  const samples = extracted.samples.filter(
    (s) => s.z && /^[A-Z]$/.test(s.label) && s.label !== 'J' && s.label !== 'Z' && roleOf(s, true) !== 'test',
  );
  for (const [tilt, turn] of VIEWS) {
    const right = samples.filter(
      (s) => classify(viewedFrom(s, tilt, turn), s.handedness, 'letters', model).label === s.label,
    ).length;
    console.log(
      `${set}, ${tilt || turn ? `${tilt ? `tilted ${tilt > 0 ? '+' : ''}${tilt}°` : `turned ${turn > 0 ? '+' : ''}${turn}°`}` : 'as taken'}: letters ${((100 * right) / samples.length).toFixed(1)}% (${right}/${samples.length})`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
