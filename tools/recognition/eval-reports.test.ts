import { describe, expect, it } from 'vitest';
import { classify } from '../../packages/recognition/src/handshape/classifier.js';
import { samplesOf } from '../../packages/recognition/src/handshape/__fixtures__/fixtures.js';
import { zPath } from '../../packages/recognition/src/handshape/__fixtures__/drawn-letters.js';
import { handState } from '../../packages/recognition/src/handshape/finger-state.js';
import type { Landmark } from '../../packages/recognition/src/handshape/normalize.js';
import sharp from 'sharp';
import { describeTally, readReports, tallyReports } from './eval-reports.js';
import { reportSheet, reportTile } from './report-sheet.js';

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
      labelled: 0,
      asLabelled: 0,
      asLabelledSure: 0,
      sureNotLabelled: 0,
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

  it("scores the reading against a person's label where a report has one", () => {
    const a = handReadAs('A');
    const s = handReadAs('S');
    const labelled = (line: string, label: string) => JSON.stringify({ ...JSON.parse(line), label });
    const text = [
      labelled(report('1', a, 'A', 'S'), 'A'), // the learner was right, the model now agrees
      labelled(report('2', s, 'A', 'S'), 'S'), // the learner made an S: the reading was right
      labelled(report('3', s, 'A', 'S'), 'A'), // a person says A, the model is sure it is S
      report('4', s, 'A', 'S'), // not reviewed
    ].join('\n');
    const t = tallyReports(text);
    expect(t).toMatchObject({
      reports: 4,
      asAsked: 1,
      labelled: 3,
      asLabelled: 2,
      asLabelledSure: 2,
      sureNotLabelled: 1,
    });
    expect(describeTally(t, 'M').at(-1)).toBe(
      '  labelled by a person: 3; read as labelled 2 (66.7%), sure 2; sure of another letter 1 (33.3%)',
    );
  });

  it('reads a report with its movement as the sequence it is: a Z drawn, reported as read D', () => {
    const d = samplesOf('D').find((h) => handState(h.landmarks, 'Unknown').fingers.index === 'extended')!.landmarks;
    const palm = Math.hypot(d[9]!.x - d[0]!.x, d[9]!.y - d[0]!.y);
    const thumb = Math.sign(d[5]!.x - d[17]!.x) || 1;
    // 0.5 s held, the Z drawn in 1.2 s, 0.3 s held, at 15 fps, 1.2 palms wide: as reports:export writes a movement
    const ts = [
      ...Array<number>(8).fill(0),
      ...Array.from({ length: 18 }, (_, i) => i / 17),
      ...Array<number>(5).fill(1),
    ];
    const frames = ts.map((t) => {
      const [a, b] = zPath(t);
      return d.map((p) => [(p.x + a * 1.2 * palm * thumb) / SIZE, (p.y + b * 1.2 * palm) / SIZE]);
    });
    const line = JSON.stringify({ id: 'z', fps: 15, width: SIZE, height: SIZE, frames, target: 'Z', detected: 'D' });
    expect(tallyReports(line)).toMatchObject({ reports: 1, asAsked: 1, asAskedSure: 1, asBefore: 0, readings: [] });
    // the same report with only its last hand (no movement) is a D, as it was read then
    const last = JSON.stringify({ ...JSON.parse(line), frames: [frames.at(-1)] });
    expect(tallyReports(last)).toMatchObject({ reports: 1, asAsked: 0, asBefore: 1, readings: [['Z→D', 1]] });
  });

  it('draws each report for a person to look at: the hand, the paths drawn, asked and read', async () => {
    const text = [
      report('a1b2c3d4-0000', handReadAs('A'), 'A', 'S'),
      report('e5f6a7b8-0000', handReadAs('S'), 'A', 'S'),
    ].join('\n');
    const { readings } = readReports(text);
    expect(reportTile(readings[0]!, 240)).toContain('A → S then, A (sure) now');
    expect(reportTile(readings[0]!, 240)).toContain('fill="#1a7f37"'); // read now as asked: green
    expect(reportTile(readings[1]!, 240)).toContain('fill="#c62828"'); // still another letter: red
    expect(reportTile(readings[0]!, 240)).toContain('a1b2c3d4</text>'); // the id label:reports takes
    expect(reportTile({ ...readings[0]!, reviewed: 'A' }, 240)).toContain('a1b2c3d4 · labelled A</text>');
    const png = await reportSheet(readings, 240, 5);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 480, 240]);
    // each tile has its skeleton drawn (dark pixels in its drawing area)
    for (const left of [0, 240]) {
      const { channels } = await sharp(png).extract({ left, top: 0, width: 240, height: 200 }).stats();
      expect(channels[0]!.min).toBeLessThan(80);
    }
  });
});
