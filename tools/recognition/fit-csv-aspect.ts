/**
 * npm run fit:csv-aspect (after npm run extract:landmarks)
 *
 * The landmark CSV sets store x / frame width and y / frame height, and none of them recorded
 * the frame's size, so `CSV_ASPECT` (train/data.ts) says how much to widen x to get back square
 * units. This measures it instead of guessing: the photo sets, read by the project's own pipeline
 * in square units (as live practice reads a webcam), give the palm's proportion, knuckle width
 * (index to little-finger knuckle) over palm length (wrist to middle knuckle), and for each CSV
 * set the factor on x that gives its hands the same median proportion is printed, without
 * labels (every row) and letter by letter (median over letters), beside the constant in use.
 */
import { fileURLToPath } from 'node:url';
import { loadExtracted, loadLandmarkSet, CSV_ASPECT, LANDMARK_SOURCES, type Sample } from './train/data.js';

/** Knuckle width over palm length, with x multiplied by `k`. */
export function palmRatio(xy: ArrayLike<number>, k = 1): number {
  const d = (i: number, j: number) => Math.hypot((xy[2 * i]! - xy[2 * j]!) * k, xy[2 * i + 1]! - xy[2 * j + 1]!);
  return d(5, 17) / d(0, 9);
}

export function median(values: readonly number[]): number {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[v.length >> 1]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
}

/** The factor on x (0.5 to 2.5, steps of 0.01) whose median palm ratio over `rows` is nearest `target`. */
export function matchingFactor(rows: readonly ArrayLike<number>[], target: number): number {
  let best = 1;
  let bestGap = Infinity;
  for (let k = 0.5; k <= 2.5 + 1e-9; k += 0.01) {
    const gap = Math.abs(median(rows.map((xy) => palmRatio(xy, k))) - target);
    if (gap < bestGap) [best, bestGap] = [k, gap];
  }
  return Math.round(best * 100) / 100;
}

/** The factor per letter against the photos' median for that letter, then the median over letters. */
export function matchingFactorByLetter(rows: readonly Sample[], photos: readonly Sample[]): number {
  const letters = [...new Set(rows.map((s) => s.label))].filter((l) => photos.some((p) => p.label === l));
  return median(
    letters.map((l) =>
      matchingFactor(
        rows.filter((s) => s.label === l).map((s) => s.xy),
        median(photos.filter((p) => p.label === l).map((p) => palmRatio(p.xy))),
      ),
    ),
  );
}

function main(): void {
  const photos: Sample[] = [];
  for (const name of ['massey', 'aslhg'] as const) {
    const set = loadExtracted(name);
    if (!set) throw new Error(`no .cache/extracted/${name}.csv: run npm run extract:landmarks -- --set ${name} first`);
    const letters = set.samples.filter((s) => /^[A-Z]$/.test(s.label));
    console.log(
      `${name}: ${letters.length} letter photos, palm ratio median ${median(letters.map((s) => palmRatio(s.xy))).toFixed(3)}`,
    );
    photos.push(...letters);
  }
  const target = median(photos.map((s) => palmRatio(s.xy)));
  console.log(`photos pooled: palm ratio median ${target.toFixed(3)} (square units)`);
  for (const source of LANDMARK_SOURCES) {
    const rows = loadLandmarkSet(source);
    const free = matchingFactor(
      rows.map((s) => s.xy),
      target,
    );
    const byLetter = matchingFactorByLetter(rows, photos);
    console.log(
      `${source}: ${rows.length} rows, palm ratio median ${median(rows.map((s) => palmRatio(s.xy))).toFixed(3)} at CSV_ASPECT ${CSV_ASPECT[source].toFixed(3)}; ` +
        `x further x${free.toFixed(2)} without labels, x${byLetter.toFixed(2)} letter by letter`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
