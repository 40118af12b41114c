/**
 * How each source forms the letters the held-out sources most often misread, measured on the
 * landmarks themselves (no model): npx tsx tools/recognition/letter-forms.ts
 *  - X against D: the index's straightness (knuckle-to-tip distance over the length of its three
 *    segments, in the image plane; 1 is straight). A D's index is straight; an X's is hooked.
 *  - M, N and T: where the thumb tip lies along the line from the index knuckle (0) to the pinky
 *    knuckle (1). T's thumb sits between index and middle (about 0), N's under two fingers, M's
 *    under three (about 0.5).
 * Reads the landmark sets from the shared data and the photo sets' readings from
 * `npm run extract:landmarks` (.cache/extracted); a set not there is skipped.
 */
import { fileURLToPath } from 'node:url';
import { loadExtracted, loadLandmarkSet, type Sample } from './train/data.js';

const pt = (s: Sample, i: number): [number, number] => [s.xy[2 * i], s.xy[2 * i + 1]];
const dist = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

export function indexStraightness(s: Sample): number {
  const [k, p, d, t] = [5, 6, 7, 8].map((i) => pt(s, i));
  return dist(k, t) / (dist(k, p) + dist(p, d) + dist(d, t));
}

export function thumbAlongKnuckles(s: Sample): number {
  const a = pt(s, 5);
  const b = pt(s, 17);
  const tip = pt(s, 4);
  const v = [b[0] - a[0], b[1] - a[1]];
  return ((tip[0] - a[0]) * v[0] + (tip[1] - a[1]) * v[1]) / (v[0] * v[0] + v[1] * v[1]);
}

const quantile = (xs: number[], f: number) => [...xs].sort((a, b) => a - b)[Math.floor(f * (xs.length - 1))];
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(0)}%`;

function report(name: string, samples: Sample[]): void {
  const of = (label: string) => samples.filter((s) => s.label === label);
  for (const label of ['X', 'D']) {
    const v = of(label).map(indexStraightness);
    if (!v.length) continue;
    console.log(
      `${name} ${label} (${v.length}): index straightness median ${quantile(v, 0.5).toFixed(2)}, 75th percentile ${quantile(v, 0.75).toFixed(2)}; as straight as a D (>= 0.97): ${pct(v.filter((x) => x >= 0.97).length, v.length)}`,
    );
  }
  for (const label of ['M', 'N', 'T']) {
    const v = of(label).map(thumbAlongKnuckles);
    if (!v.length) continue;
    console.log(
      `${name} ${label} (${v.length}): thumb tip along the knuckles, quartiles ${[0.25, 0.5, 0.75].map((f) => quantile(v, f).toFixed(2)).join(' / ')}; where a T's is (< 0.25): ${pct(v.filter((x) => x < 0.25).length, v.length)}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  report('aslnow', loadLandmarkSet('aslnow'));
  for (const name of ['aslhg', 'massey'] as const) {
    const set = loadExtracted(name);
    if (set) report(name, set.samples);
    else console.log(`${name}: no readings (npm run extract:landmarks first)`);
  }
}
