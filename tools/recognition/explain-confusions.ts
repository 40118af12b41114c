/**
 * npx tsx tools/recognition/explain-confusions.ts --fold-models DIR [--source aslnow|siruyy|boris]
 *
 * What a held-out landmark source's commonest mistakes look like: the fold model that never saw
 * the source (DIR/<source>.json, from `npm run eval:recognizer -- --holdout sources --fold-models
 * DIR`) reads its letters, and for each pair of look-alike letters the one measure that tells them
 * apart is compared between the rows read right, the rows read as the other letter, and the other
 * letter's rows read right. When the misread rows measure like the other letter, the landmarks
 * themselves show the other letter (a sign made that way, or a landmark model that placed a hidden
 * finger there): no classifier of these landmarks reads them as labelled.
 * - spread: degrees between the index and middle fingers (knuckle to tip, 3-D): U/V, U/R
 * - index bend: degrees the index turns at its two upper joints (3-D): X/D
 * - thumb along: the thumb tip's place along the knuckles, 0 at the index's, 1 at the little
 *   finger's: T (under the index) / N / M (under the third finger)
 * - index pointing: degrees of the index (knuckle to tip) in the picture from the horizontal,
 *   either side: -90 straight up, 0 sideways, +90 straight down: G (sideways) / L (up) / Q (down)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classify, loadModel, type WeightsJson } from '../../packages/recognition/src/handshape/classifier.js';
import { landmarksOfSample, loadLandmarkSet, type LandmarkSource, type Sample } from './train/data.js';
import { argReader } from './train/recipe.js';

type Point = [number, number, number];
const point = (s: Sample, i: number): Point => [s.xy[2 * i]!, s.xy[2 * i + 1]!, s.z ? s.z[i]! : 0];
const minus = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Point, b: Point) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const degrees = (a: Point, b: Point) =>
  (Math.acos(Math.max(-1, Math.min(1, dot(a, b) / (Math.hypot(...a) * Math.hypot(...b) || 1)))) * 180) / Math.PI;

export const MEASURES: Record<string, (s: Sample) => number> = {
  spread: (s) => degrees(minus(point(s, 8), point(s, 5)), minus(point(s, 12), point(s, 9))),
  'index bend': (s) =>
    degrees(minus(point(s, 6), point(s, 5)), minus(point(s, 7), point(s, 6))) +
    degrees(minus(point(s, 7), point(s, 6)), minus(point(s, 8), point(s, 7))),
  'thumb along': (s) => {
    const knuckles = minus(point(s, 17), point(s, 5));
    return dot(minus(point(s, 4), point(s, 5)), knuckles) / dot(knuckles, knuckles);
  },
  'index pointing': (s) => {
    const [dx, dy] = minus(point(s, 8), point(s, 5));
    return (Math.atan2(dy, Math.abs(dx)) * 180) / Math.PI;
  },
};

const PAIRS: ReadonlyArray<readonly [string, string, string]> = [
  ['U', 'V', 'spread'],
  ['U', 'R', 'spread'],
  ['X', 'D', 'index bend'],
  ['M', 'T', 'thumb along'],
  ['M', 'N', 'thumb along'],
  ['N', 'T', 'thumb along'],
  ['G', 'L', 'index pointing'],
  ['G', 'Q', 'index pointing'],
];

const quantile = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(p * (s.length - 1))]! : Number.NaN;
};
const summary = (xs: readonly number[]) =>
  xs.length
    ? `${String(xs.length).padStart(4)} rows, median ${quantile(xs, 0.5).toFixed(2)} (p10 ${quantile(xs, 0.1).toFixed(2)}, p90 ${quantile(xs, 0.9).toFixed(2)})`
    : '   0 rows';

function main(): void {
  const { opt } = argReader(process.argv.slice(2));
  const dir = opt('--fold-models');
  const source = (opt('--source') ?? 'aslnow') as LandmarkSource;
  if (!dir) {
    console.error('usage: npx tsx tools/recognition/explain-confusions.ts --fold-models DIR [--source aslnow]');
    process.exit(2);
  }
  const model = loadModel(JSON.parse(readFileSync(path.join(dir, `${source}.json`), 'utf8')) as WeightsJson);
  const rows = loadLandmarkSet(source).filter((s) => /^[A-IK-Y]$/.test(s.label));
  const read = new Map(rows.map((s) => [s, classify(landmarksOfSample(s), s.handedness, 'letters', model).label]));
  const right = rows.filter((s) => read.get(s) === s.label).length;
  console.log(
    `${source} held out: ${right}/${rows.length} letters read right (${((100 * right) / rows.length).toFixed(1)}%)`,
  );
  const confusions = new Map<string, number>();
  for (const s of rows)
    if (read.get(s) !== s.label)
      confusions.set(`${s.label}→${read.get(s)}`, (confusions.get(`${s.label}→${read.get(s)}`) ?? 0) + 1);
  console.log(
    `commonest: ${[...confusions]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  for (const [a, b, name] of PAIRS) {
    const measure = MEASURES[name]!;
    const of = (label: string, readAs: string) =>
      rows.filter((s) => s.label === label && read.get(s) === readAs).map(measure);
    console.log(`\n${a} against ${b}, ${name}:`);
    console.log(`  ${a} read ${a}: ${summary(of(a, a))}`);
    console.log(`  ${a} read ${b}: ${summary(of(a, b))}`);
    console.log(`  ${b} read ${b}: ${summary(of(b, b))}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
