/**
 * Choosing practice's benefit of the doubt toward the asked letter
 * (packages/recognition/src/handshape/target-doubt.ts) on the answers of people and cameras the
 * networks never saw: saved leave-one-source-out runs, each held-out source one group.
 *
 * Each answer stands for a held hand, read sure when its leading probability reaches practice's
 * threshold for a hold. Asked its own letter (a right sign), a sure reading of another letter is a
 * right sign told wrong, unless the doubt withholds it (the asked letter's probability at least
 * the doubt threshold). Asked any other letter but the one read (a wrong sign), the verdict "wrong"
 * is true, and withholding it costs the learner that correction; it is also reported for the most
 * confusable letter alone (the answer's runner-up asked).
 */
import { restrictedProbs } from '../../../packages/recognition/src/handshape/calibration.js';
import { isDigit, namesFor } from '../../../packages/recognition/src/handshape/labels.js';
import { toExample, type Scored } from './holdout.js';

export interface DoubtRow {
  /** calibrated probabilities over the row's class set */
  p: ArrayLike<number>;
  /** index of the true class in p */
  truth: number;
  /** the class names p is over (for the confusions) */
  names?: readonly string[];
}

export interface DoubtFigures {
  threshold: number;
  answers: number;
  /** right signs read sure as another letter, without the doubt (share of answers) */
  rightToldWrongBefore: number;
  /** ... and with it */
  rightToldWrong: number;
  /** true wrong verdicts withheld: each answer read sure, asked every letter but the one signed and the one read */
  withheld: number;
  /** ... of right readings asked their runner-up (the most confusable letter) alone */
  withheldRunnerUp: number;
}

const LETTER_NAMES = namesFor('letters').map((n) => n.name);
const DIGIT_NAMES = namesFor('digits').map((n) => n.name);

/** Each held-out source's answers as calibrated probabilities, grouped by fold. */
export function doubtRows(scored: readonly Scored[], temperature: number): Record<string, DoubtRow[]> {
  const out: Record<string, DoubtRow[]> = {};
  for (const s of scored) {
    const e = toExample(s);
    if (!e) continue;
    (out[s.fold] ??= []).push({
      p: restrictedProbs(e.logits, e.allowed, temperature),
      truth: e.allowed.indexOf(e.truth),
      names: isDigit(s.label) ? DIGIT_NAMES : LETTER_NAMES,
    });
  }
  return out;
}

export function doubtFigures(rows: readonly DoubtRow[], sureAt: number, threshold: number): DoubtFigures {
  let before = 0;
  let after = 0;
  let verdicts = 0;
  let withheld = 0;
  let runnerUpN = 0;
  let runnerUpWithheld = 0;
  for (const { p, truth } of rows) {
    let best = 0;
    let second = -1;
    for (let i = 1; i < p.length; i++) {
      if (p[i] > p[best]) [second, best] = [best, i];
      else if (second < 0 || p[i] > p[second]) second = i;
    }
    if (p[best] < sureAt) continue;
    if (best !== truth) {
      before++;
      if (p[truth] < threshold) after++;
    }
    // every letter asked but the one signed and the one read: a wrong sign told wrong, unless withheld
    for (let g = 0; g < p.length; g++) {
      if (g === truth || g === best) continue;
      verdicts++;
      if (p[g] >= threshold) withheld++;
    }
    if (best === truth && second >= 0) {
      runnerUpN++;
      if (p[second] >= threshold) runnerUpWithheld++;
    }
  }
  const n = rows.length || 1;
  return {
    threshold,
    answers: rows.length,
    rightToldWrongBefore: before / n,
    rightToldWrong: after / n,
    withheld: verdicts ? withheld / verdicts : 0,
    withheldRunnerUp: runnerUpN ? runnerUpWithheld / runnerUpN : 0,
  };
}

/** 0.001 to 0.100 */
const GRID = Array.from({ length: 100 }, (_, i) => (i + 1) / 1000);

/**
 * The lowest doubt threshold (grid of 0.001) at which the groups' withheld shares average at most
 * `maxWithheld`, each group weighing the same; 0.1 when none does.
 */
export function chooseDoubtAcross(
  groups: readonly (readonly DoubtRow[])[],
  sureAt: number,
  maxWithheld: number,
): number {
  const used = groups.filter((g) => g.length > 0);
  if (!used.length) throw new Error('chooseDoubtAcross needs at least one non-empty group');
  const mean = (t: number) => used.reduce((s, g) => s + doubtFigures(g, sureAt, t).withheld, 0) / used.length;
  return GRID.find((t) => mean(t) <= maxWithheld) ?? GRID.at(-1)!;
}

/** Each group at the threshold chosen on the other groups alone. */
export function nestedDoubtFigures(
  groups: Readonly<Record<string, readonly DoubtRow[]>>,
  sureAt: number,
  maxWithheld: number,
): Record<string, DoubtFigures> {
  const names = Object.keys(groups);
  if (names.length < 2) throw new Error('nestedDoubtFigures needs at least two groups');
  return Object.fromEntries(
    names.map((name) => {
      const others = names.filter((n) => n !== name).map((n) => groups[n]!);
      return [name, doubtFigures(groups[name]!, sureAt, chooseDoubtAcross(others, sureAt, maxWithheld))];
    }),
  );
}

/**
 * The most frequent right signs read sure as another letter ("P->H"), each with how many of them
 * the doubt keeps from being told wrong.
 */
export function doubtByConfusion(
  rows: readonly DoubtRow[],
  sureAt: number,
  threshold: number,
  top = 5,
): { confusion: string; told: number; kept: number }[] {
  const by = new Map<string, { told: number; kept: number }>();
  for (const { p, truth, names } of rows) {
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i;
    if (best === truth || p[best] < sureAt) continue;
    const k = `${names?.[truth] ?? truth}->${names?.[best] ?? best}`;
    const e = by.get(k) ?? { told: 0, kept: 0 };
    e.told++;
    if (p[truth] >= threshold) e.kept++;
    by.set(k, e);
  }
  return [...by]
    .sort((a, b) => b[1].told - a[1].told || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([confusion, e]) => ({ confusion, ...e }));
}
