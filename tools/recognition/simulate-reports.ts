/**
 * npx tsx tools/recognition/simulate-reports.ts --source aslnow --fold-model DIR/aslnow.json --out DIR [--seed 7] [--max N]
 *
 * What reviewed reports could do for a kind of camera the model never saw, measured with a landmark
 * set standing in for its learners. The set's rows are shuffled (--seed) into two halves, each row
 * written as `npm run reports:export` writes a one-hand report, with the set's label as a person's
 * `label`. The rows of half A that the model which never saw the set (a fold model) misreads become
 * the reports (learners report only what was read wrong; at most --max of them): DIR/reports.jsonl.
 * Half B, every row, is the test: DIR/half-b.jsonl. Then train the same recipe with and without
 * `--reports DIR/reports.jsonl` (the set left out of `--train-sources`) and score both with
 * `npm run eval:reports -- DIR/half-b.jsonl --weights W.json` ("read as labelled"). The sets do not
 * name their people (ASLNow: several, unidentified), so the same person's rows may fall in both
 * halves: this measures learners who reported and others like them, not a new person.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedModel } from '../../packages/recognition/src/handshape/classifier.js';
import { readReports } from './eval-reports.js';
import { loadFoldModel } from './fold-model.js';
import { LANDMARK_SOURCES, loadLandmarkSet, type LandmarkSource, type Sample } from './train/data.js';
import { argReader } from './train/recipe.js';
import { Rng } from './train/rng.js';

/** A sample as a one-hand report line in square units (width and height 1), labelled with its label. */
export function reportLineOf(s: Sample, id: string): string {
  const hand = Array.from({ length: 21 }, (_, k) => [s.xy[2 * k]!, s.xy[2 * k + 1]!, ...(s.z ? [s.z[k]!] : [])]);
  return JSON.stringify({
    id,
    fps: 15,
    width: 1,
    height: 1,
    frames: [hand],
    target: s.label,
    detected: null,
    label: s.label,
  });
}

export interface SimulatedReports {
  halfA: string[];
  halfB: string[];
  /** the rows of half A the model misreads (at most `max`), in half A's order */
  reports: string[];
}

export function simulateReports(
  rows: readonly Sample[],
  model: LoadedModel,
  seed = 7,
  max = Infinity,
): SimulatedReports {
  const order = new Rng(seed).shuffle(rows.map((_, i) => i));
  const lines = order.map((i) => reportLineOf(rows[i]!, `row-${i}`));
  const halfA = lines.slice(0, lines.length >> 1);
  const halfB = lines.slice(lines.length >> 1);
  const wrong = new Set(
    readReports(halfA.join('\n'), model).readings.flatMap((r) => (r.label !== r.target ? [r.id] : [])),
  );
  const reports = halfA.filter((l) => wrong.has((JSON.parse(l) as { id: string }).id)).slice(0, max);
  return { halfA, halfB, reports };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { opt } = argReader(process.argv.slice(2));
  const source = (opt('--source') ?? 'aslnow') as LandmarkSource;
  const foldModel = opt('--fold-model');
  const out = opt('--out');
  if (!LANDMARK_SOURCES.includes(source) || !foldModel || !out) {
    console.error(
      'usage: npx tsx tools/recognition/simulate-reports.ts --source aslnow|boris|siruyy|signn --fold-model DIR/SOURCE.json --out DIR [--seed 7] [--max N]',
    );
    process.exit(2);
  }
  const r = simulateReports(
    loadLandmarkSet(source),
    loadFoldModel(foldModel),
    Number(opt('--seed') ?? 7),
    Number(opt('--max') ?? Infinity),
  );
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'reports.jsonl'), r.reports.join('\n') + '\n');
  writeFileSync(join(out, 'half-b.jsonl'), r.halfB.join('\n') + '\n');
  console.log(
    `${source}: half A ${r.halfA.length} rows, ${r.reports.length} misread by ${foldModel} -> ${join(out, 'reports.jsonl')}; half B ${r.halfB.length} -> ${join(out, 'half-b.jsonl')}`,
  );
}
