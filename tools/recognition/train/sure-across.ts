/**
 * The `sure` threshold chosen on the answers of people and cameras the networks never saw: saved
 * leave-one-source-out runs (`npm run eval:recognizer -- --holdout sources --save RUN.json`), each
 * held-out source one group, scored at a calibration temperature and weighed the same
 * (`chooseThresholdAcross`). Each source is also reported at the threshold chosen on the others
 * alone (`nestedSureFigures`): what a source never seen, not even for choosing `sure`, would get.
 */
import { readFileSync } from 'node:fs';
import {
  chooseThresholdAcross,
  nestedSureFigures,
  predictAll,
  sureFigures,
  type SureFigures,
} from '../../../packages/recognition/src/handshape/calibration.js';
import { toExample, type Scored } from './holdout.js';

export interface SureAcrossSources {
  threshold: number;
  maxSureWrong: number;
  temperature: number;
  /** each held-out source at the chosen threshold (the figures it was chosen on) */
  at: Record<string, SureFigures>;
  /** each held-out source at the threshold chosen without it */
  nested: Record<string, SureFigures>;
}

/**
 * The scored answers of saved hold-out runs (`--save`), all files together; a fold scored in several
 * files keeps the last file's answers (e.g. the photo sources read twice, after the runs that read
 * every source once).
 */
export function readRuns(files: readonly string[]): Scored[] {
  const byFold = new Map<string, Scored[]>();
  for (const f of files) {
    const scored = (JSON.parse(readFileSync(f, 'utf8')) as { scored: Scored[] }).scored;
    for (const [fold, rows] of groupBy(scored, (s) => s.fold)) byFold.set(fold, rows);
  }
  return [...byFold.values()].flat();
}

/** Items in groups by key, in order of first appearance. */
function groupBy<T>(items: Iterable<T>, key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Each held-out source's answers at `temperature`, by fold. */
export function foldPredictions(scored: readonly Scored[], temperature: number) {
  const examples = scored.flatMap((s) => {
    const e = toExample(s);
    return e ? [{ fold: s.fold, e }] : [];
  });
  const byFold = groupBy(examples, (x) => x.fold);
  return Object.fromEntries(
    [...byFold].map(([fold, xs]) => [
      fold,
      predictAll(
        xs.map((x) => x.e),
        temperature,
      ),
    ]),
  );
}

export function sureAcrossSources(
  scored: readonly Scored[],
  temperature: number,
  maxSureWrong: number,
): SureAcrossSources {
  const groups = foldPredictions(scored, temperature);
  if (Object.keys(groups).length < 2)
    throw new Error('the sure threshold across sources needs at least two held-out sources');
  const threshold = chooseThresholdAcross(Object.values(groups), maxSureWrong);
  const at = Object.fromEntries(Object.entries(groups).map(([k, g]) => [k, sureFigures(g, threshold)]));
  return { threshold, maxSureWrong, temperature, at, nested: nestedSureFigures(groups, maxSureWrong) };
}

/** Markdown table: each source at the chosen threshold, and at the one chosen without it. */
export function formatSureAcross(a: SureAcrossSources): string[] {
  const pct = (x: number, d = 1) => `${(100 * x).toFixed(d)}%`;
  const lines = [
    `sure threshold ${a.threshold.toFixed(2)} (T ${a.temperature}): the lowest at which the held-out sources' sure-but-wrong shares average at most ${pct(a.maxSureWrong)}`,
    '| held out | answers | sure, sure but wrong at the chosen threshold | threshold chosen without it | sure, sure but wrong there |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const [k, f] of Object.entries(a.at)) {
    const n = a.nested[k];
    lines.push(
      `| ${k} | ${f.n} | ${pct(f.sureRate)}, ${pct(f.sureWrongRate, 2)} | ${n.threshold.toFixed(2)} | ${pct(n.sureRate)}, ${pct(n.sureWrongRate, 2)} |`,
    );
  }
  return lines;
}

/** How the threshold was chosen, for weights.json's `fittedOn`. */
export function thresholdRule(a: SureAcrossSources): string {
  return `chosen on the leave-one-source-out answers of ${Object.keys(a.at).length} sources never trained on (${Object.keys(a.at).join(', ')}), the lowest at which their sure-but-wrong shares average at most ${a.maxSureWrong * 100}%, each source weighed the same`;
}

/** Each held-out source's sure and sure-but-wrong shares at the chosen threshold, for weights.json. */
export function heldOutFigures(a: SureAcrossSources): Record<string, { sureRate: number; sureWrongRate: number }> {
  const r4 = (x: number) => Number(x.toFixed(4));
  return Object.fromEntries(
    Object.entries(a.at).map(([k, f]) => [k, { sureRate: r4(f.sureRate), sureWrongRate: r4(f.sureWrongRate) }]),
  );
}
