import { describe, expect, it } from 'vitest';
import { classify } from '../../packages/recognition/src/handshape/classifier.js';
import { samplesOf } from '../../packages/recognition/src/handshape/__fixtures__/fixtures.js';
import type { Landmark } from '../../packages/recognition/src/handshape/normalize.js';
import { describeTally, tallyReports } from './eval-reports.js';

const SIZE = 1000; // fixture points are in square pixel-like units

/** A real hand (boris, siruyy, signn) the shipped classifier reads as `letter`, and surely. */
function handReadAs(letter: string): Landmark[] {
  const hand = samplesOf(letter).find((s) => {
    const c = classify(s.landmarks, 'Right', 'letters');
    return c.label === letter && c.sure;
  });
  if (!hand) throw new Error(`no fixture hand read surely as ${letter}`);
  return hand.landmarks;
}

/** A report line as `npm run reports:export` writes it. */
const report = (id: string, hand: Landmark[], target: string, detected: string | null) =>
  JSON.stringify({
    id,
    fps: 15,
    width: SIZE,
    height: SIZE,
    frames: [hand.map((p) => (p.z === undefined ? [p.x / SIZE, p.y / SIZE] : [p.x / SIZE, p.y / SIZE, p.z / SIZE]))],
    target,
    detected,
    confidence: 0.8,
    created_at: '2026-11-27T08:00:00.000Z',
  });

describe('eval:reports: the hands learners reported, read again', () => {
  it('counts the reports read as asked, as before, and sure of another letter', () => {
    const a = handReadAs('A');
    const s = handReadAs('S');
    const text = [
      // the model now reads the learner's A as A (it said S then)
      report('1', a, 'A', 'S'),
      // an S reported as an A: still read S, as then, and sure of it
      report('2', s, 'A', 'S'),
      report('3', s, 'A', 'S'),
      'not json',
      JSON.stringify({ id: 'no target', fps: 15, width: SIZE, height: SIZE, frames: [] }),
      '',
    ].join('\n');
    const t = tallyReports(text);
    expect(t).toEqual({
      reports: 3,
      unusable: 2,
      asAsked: 1,
      asAskedSure: 1,
      asBefore: 2,
      sureOther: 2,
      readings: [['A→S', 2]],
    });
    expect(describeTally(t, 'the shipped classifier')).toEqual([
      'reports with a hand: 3 (2 lines not usable); read by the shipped classifier',
      '  read as the letter asked for: 1 (33.3%), sure 1',
      '  read as it was read then: 2 (66.7%)',
      '  sure of another letter: 2 (66.7%)',
      '  read otherwise: A→S 2',
    ]);
  });
});
