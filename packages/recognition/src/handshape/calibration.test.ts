import { describe, expect, it } from 'vitest';
import {
  chooseThreshold,
  chooseThresholdAcross,
  chooseThresholdCapped,
  expectedCalibrationError,
  fitTemperature,
  nestedSureFigures,
  nll,
  predictAll,
  restrictedProbs,
  sureFigures,
  type ScoredExample,
} from './calibration.js';

/** Over-confident toy model: logits 3x too large, right 80% of the time. */
function overconfident(n: number): ScoredExample[] {
  const out: ScoredExample[] = [];
  for (let i = 0; i < n; i++) {
    const truth = i % 3;
    const said = i % 5 === 0 ? (truth + 1) % 3 : truth;
    const z = [0, 0, 0];
    z[said] = 3 * Math.log(4 + (i % 7));
    out.push({ logits: [z], allowed: [0, 1, 2], truth });
  }
  return out;
}

describe('restrictedProbs', () => {
  it('averages the members, keeps only the allowed outputs and renormalises', () => {
    const p = restrictedProbs(
      [
        [0, Math.log(3), 5],
        [Math.log(3), 0, 5],
      ],
      [0, 1],
      1,
    );
    expect(p[0]).toBeCloseTo(0.5, 9);
    expect(p[1]).toBeCloseTo(0.5, 9);
  });

  it('a higher temperature flattens the answer', () => {
    const sharp = restrictedProbs([[2, 0, 0]], [0, 1, 2], 1)[0];
    const flat = restrictedProbs([[2, 0, 0]], [0, 1, 2], 2)[0];
    expect(flat).toBeLessThan(sharp);
    expect(flat).toBeGreaterThan(1 / 3);
  });
});

describe('temperature scaling', () => {
  it('finds a temperature above 1 for an over-confident model and lowers its NLL and ECE', () => {
    const ex = overconfident(300);
    const t = fitTemperature(ex);
    expect(t).toBeGreaterThan(1.5);
    expect(nll(ex, t)).toBeLessThan(nll(ex, 1));
    expect(expectedCalibrationError(predictAll(ex, t)).ece).toBeLessThan(
      expectedCalibrationError(predictAll(ex, 1)).ece,
    );
  });
});

describe('expectedCalibrationError', () => {
  it('is 0 when confidence equals accuracy and the gap otherwise', () => {
    const fair = Array.from({ length: 10 }, (_, i) => ({ confidence: 0.75, correct: i % 4 !== 0 }));
    // 10 answers at 0.75: 7 of 10 right (i = 0, 4, 8 wrong)
    expect(expectedCalibrationError(fair).ece).toBeCloseTo(0.05, 9);
    const perfect = [
      { confidence: 0.95, correct: true },
      { confidence: 0.15, correct: false },
    ];
    expect(expectedCalibrationError(perfect).ece).toBeCloseTo((0.05 + 0.15) / 2, 9);
  });
});

describe('sure threshold', () => {
  const preds = [
    { confidence: 0.99, correct: true },
    { confidence: 0.95, correct: true },
    { confidence: 0.9, correct: false },
    { confidence: 0.8, correct: true },
    { confidence: 0.5, correct: false },
  ];
  it('counts sure answers and sure-but-wrong ones over all answers', () => {
    const f = sureFigures(preds, 0.85);
    expect(f.sureRate).toBeCloseTo(3 / 5, 9);
    expect(f.sureWrongRate).toBeCloseTo(1 / 5, 9);
    expect(f.sureAccuracy).toBeCloseTo(2 / 3, 9);
  });
  it('chooses the lowest threshold that keeps sure-but-wrong within the limit', () => {
    expect(chooseThreshold(preds, 0).threshold).toBeCloseTo(0.91, 9);
    expect(chooseThreshold(preds, 0.2).threshold).toBeCloseTo(0.51, 9);
    expect(chooseThreshold(preds, 0.4).threshold).toBeCloseTo(0.3, 9);
  });
  it('can also cap how often answers are sure', () => {
    // within 40% sure and wrong every threshold passes; at most 60% sure needs 0.81 (0.8 not sure)
    expect(chooseThresholdCapped(preds, 0.4, 1).threshold).toBeCloseTo(0.3, 9);
    expect(chooseThresholdCapped(preds, 0.4, 0.6).threshold).toBeCloseTo(0.81, 9);
    expect(chooseThresholdCapped(preds, 0, 0.6).threshold).toBeCloseTo(0.91, 9);
  });
});

describe('sure threshold chosen across held-out groups', () => {
  // a small source that is wrong when fairly confident, and a large accurate one
  const small = [
    { confidence: 0.99, correct: true },
    { confidence: 0.8, correct: false },
    { confidence: 0.6, correct: false },
  ];
  const large = [
    ...Array.from({ length: 9 }, () => ({ confidence: 0.99, correct: true })),
    { confidence: 0.7, correct: true },
  ];
  it('weighs each group the same, so a large accurate group cannot make sure lenient for a small one', () => {
    // pooled, 1 sure-and-wrong answer in 13 at 0.61 passes a limit of 10%
    expect(chooseThreshold([...small, ...large], 0.1).threshold).toBeCloseTo(0.61, 9);
    // across the groups the mean share at 0.61 is (1/3 + 0) / 2: the threshold must pass the 0.8
    expect(chooseThresholdAcross([small, large], 0.1)).toBeCloseTo(0.81, 9);
    expect(chooseThresholdAcross([small, large], 1 / 6)).toBeCloseTo(0.61, 9);
    expect(chooseThresholdAcross([large], 0)).toBeCloseTo(0.3, 9);
  });
  it('ignores empty groups and refuses none', () => {
    expect(chooseThresholdAcross([small, [], large], 0.1)).toBeCloseTo(0.81, 9);
    expect(() => chooseThresholdAcross([[]], 0)).toThrow();
  });
  it('reports each group at the threshold chosen without it', () => {
    const f = nestedSureFigures({ small, large }, 0);
    // small is judged at large's threshold (0.3: large is never wrong), large at small's (0.81)
    expect(f.small.threshold).toBeCloseTo(0.3, 9);
    expect(f.small.sureWrongRate).toBeCloseTo(2 / 3, 9);
    expect(f.large.threshold).toBeCloseTo(0.81, 9);
    expect(f.large.sureRate).toBeCloseTo(9 / 10, 9);
    expect(() => nestedSureFigures({ small }, 0)).toThrow();
  });
});
