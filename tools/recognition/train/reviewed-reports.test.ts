import { describe, expect, it } from 'vitest';
import { classify } from '../../../packages/recognition/src/handshape/classifier.js';
import { samplesOf } from '../../../packages/recognition/src/handshape/__fixtures__/fixtures.js';
import { landmarksOfSample } from './data.js';
import { recipeFromArgs, describeRecipe } from './recipe.js';
import { reviewedRows } from './reviewed-reports.js';

const SIZE = 640;

/** A real hand (fixture units, square) as `npm run reports:export` writes a one-hand report, with a reviewer's label. */
function reportOf(letter: string, extra: Record<string, unknown>) {
  const hand = samplesOf(letter)[0]!.landmarks;
  const line = {
    id: `r-${letter}`,
    fps: 15,
    width: SIZE,
    height: SIZE,
    frames: [null, hand.map((p) => [p.x / SIZE, p.y / SIZE, (p.z ?? 0) / SIZE])],
    target: letter,
    detected: 'S',
    ...extra,
  };
  return { hand, text: JSON.stringify(line) };
}

describe('reviewed reports as training rows (train:recognizer --reports)', () => {
  it('turns each labelled line into a row read exactly as the hand it was made from', () => {
    const a = reportOf('A', { label: 'A' });
    const m = reportOf('M', { label: 'T', learner: 'learner 2' }); // a person saw a T where M was asked for
    const unreviewed = reportOf('B', {});
    const drawnJ = reportOf('I', { target: 'J', label: 'J' }); // a J: a movement, not a handshape
    const rows = reviewedRows([a.text, m.text, unreviewed.text, drawnJ.text, ''].join('\n'));
    expect(rows.refused).toEqual([]);
    expect(rows.unlabelled).toBe(1);
    expect(rows.movements).toBe(1);
    expect(rows.samples.map((s) => [s.source, s.label, s.shape, s.signer])).toEqual([
      ['reports', 'A', 'A', 'report r-A'],
      ['reports', 'T', 'T', 'learner 2'],
    ]);
    // the row's points are the reported hand's, in its units (x and y times the frame, z times its width)
    const row = rows.samples[0]!;
    const back = landmarksOfSample(row);
    a.hand.forEach((p, i) => {
      expect(back[i]!.x).toBeCloseTo(p.x, 9);
      expect(back[i]!.y).toBeCloseTo(p.y, 9);
      expect(back[i]!.z!).toBeCloseTo(p.z ?? 0, 9);
    });
    const asRow = classify(back, 'Unknown', 'letters');
    const asHand = classify(
      a.hand.map((p) => ({ ...p, z: p.z ?? 0 })),
      'Unknown',
      'letters',
    );
    expect(asRow.label).toBe(asHand.label);
    for (const [k, v] of Object.entries(asHand.probabilities)) expect(asRow.probabilities[k]).toBeCloseTo(v, 9);
  });

  it('refuses, by line, what cannot train: an unknown label, no hand, no frame size, not JSON', () => {
    const rows = reviewedRows(
      [
        reportOf('I', { label: 'Q?' }).text,
        reportOf('A', { label: 'AB' }).text,
        JSON.stringify({ id: 'x', width: SIZE, height: SIZE, frames: [null, [[0.1, 0.2]]], label: 'A' }),
        reportOf('A', { label: 'A', width: 0 }).text,
        '{"id": ',
      ].join('\n'),
    );
    expect(rows.samples).toEqual([]);
    expect(rows.refused).toEqual([
      'line 1: label "Q?" is not a static letter or a digit',
      'line 2: label "AB" is not a static letter or a digit',
      'line 3: no frame with a hand of 21 points',
      'line 4: width and height must be positive numbers',
      'line 5: not JSON',
    ]);
  });

  it('the recipe takes the files with --reports and says so', () => {
    const r = recipeFromArgs(['--reports', 'a.jsonl,b.jsonl'], { epochs: 9, seeds: 1 });
    expect(r.reports).toEqual(['a.jsonl', 'b.jsonl']);
    expect(describeRecipe(r)).toMatch(/reviewed reports a\.jsonl\+b\.jsonl$/);
    expect(recipeFromArgs([], { epochs: 9, seeds: 1 }).reports).toEqual([]);
  });
});
