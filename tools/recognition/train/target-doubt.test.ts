import { describe, expect, it } from 'vitest';
import {
  chooseDoubtAcross,
  doubtByConfusion,
  doubtFigures,
  nestedDoubtFigures,
  type DoubtRow,
} from './target-doubt.js';

/** Probabilities over four letters (0..3), the truth's index. */
const row = (p: number[], truth: number): DoubtRow => ({ p, truth });

describe('the doubt toward the asked letter, chosen on held-out answers', () => {
  // a right sign read sure as letter 1, the truth (0) still at 4%; a right reading of 2 with 3 at 2%
  const webcam = [row([0.04, 0.95, 0.005, 0.005], 0), row([0.005, 0.005, 0.97, 0.02], 2)];
  // a clean source: right readings, the runner-up at 0.5%
  const clean = [row([0.99, 0.005, 0.003, 0.002], 0), row([0.002, 0.99, 0.005, 0.003], 1)];

  it('counts right signs told wrong with and without the doubt, and the true wrong verdicts it withholds', () => {
    const f = doubtFigures(webcam, 0.74, 0.03);
    expect(f.rightToldWrongBefore).toBe(0.5);
    expect(f.rightToldWrong).toBe(0); // 4% >= 3%: withheld
    // verdicts: row 1 asked 2 and 3 (0.5% each: kept), row 2 asked 0, 1 (kept) and 3 (2%: kept)
    expect(f.withheld).toBe(0);
    expect(doubtFigures(webcam, 0.74, 0.01).withheld).toBeCloseTo(1 / 5);
    expect(doubtFigures(webcam, 0.74, 0.01).withheldRunnerUp).toBe(1); // row 2's runner-up is 3
    expect(doubtFigures(webcam, 0.74, 0.05).rightToldWrong).toBe(0.5);
    // under the hold's threshold nothing is told at all
    expect(doubtFigures(webcam, 0.99, 0.03)).toMatchObject({ rightToldWrongBefore: 0, withheld: 0 });
  });

  it('chooses the lowest threshold within the mean withheld budget, each source weighed the same', () => {
    // at 0.005 clean withholds its runner-ups (1/3 and 1/3 of its verdicts) and webcam more
    const t = chooseDoubtAcross([webcam, clean], 0.74, 0.05);
    expect(t).toBeGreaterThan(0.005);
    const mean = (x: number) => (doubtFigures(webcam, 0.74, x).withheld + doubtFigures(clean, 0.74, x).withheld) / 2;
    expect(mean(t)).toBeLessThanOrEqual(0.05);
    expect(mean(t - 0.001)).toBeGreaterThan(0.05);
    const nested = nestedDoubtFigures({ webcam, clean }, 0.74, 0.05);
    expect(nested.webcam!.threshold).toBe(chooseDoubtAcross([clean], 0.74, 0.05));
    expect(nested.clean!.threshold).toBe(chooseDoubtAcross([webcam], 0.74, 0.05));
  });

  it('names the confusions, with how many the doubt keeps', () => {
    const names = ['A', 'S', 'T', 'E'];
    const rows = [
      { ...row([0.04, 0.95, 0.005, 0.005], 0), names }, // A read as S, A at 4%: kept at 3%
      { ...row([0.01, 0.98, 0.005, 0.005], 0), names }, // A read as S, A at 1%: told wrong
      { ...row([0.005, 0.005, 0.01, 0.98], 2), names }, // T read as E
      { ...row([0.99, 0.005, 0.003, 0.002], 0), names }, // right
    ];
    expect(doubtByConfusion(rows, 0.74, 0.03)).toEqual([
      { confusion: 'A->S', told: 2, kept: 1 },
      { confusion: 'T->E', told: 1, kept: 0 },
    ]);
  });
});
