import { describe, expect, it } from 'vitest';
import { getDefaultModel } from '../../packages/recognition/src/handshape/classifier.js';
import { FIXTURES } from '../../packages/recognition/src/handshape/__fixtures__/fixtures.js';
import { readReports } from './eval-reports.js';
import { reviewedRows } from './train/reviewed-reports.js';
import type { Sample } from './train/data.js';
import { simulateReports } from './simulate-reports.js';

/** Fixture hands (boris, siruyy, signn) as a landmark set's samples. */
const rows: Sample[] = FIXTURES.filter((f) => f.label !== 'J' && f.label !== 'Z').map((f) => ({
  source: 'aslnow',
  signer: 'aslnow',
  label: f.label,
  shape: f.label,
  xy: Float64Array.from(f.landmarks.flatMap((p) => [p.x, p.y])),
  z: f.landmarks.every((p) => p.z !== undefined) ? Float64Array.from(f.landmarks.map((p) => p.z!)) : null,
  handedness: 'Unknown',
}));

describe('simulate-reports: a landmark set standing in for learners who report', () => {
  it('splits the rows in two disjoint halves and takes as reports the rows of half A the model misreads', () => {
    const model = getDefaultModel();
    const r = simulateReports(rows, model, 7);
    const ids = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { id: string }).id);
    expect(r.halfA.length + r.halfB.length).toBe(rows.length);
    expect(new Set([...ids(r.halfA), ...ids(r.halfB)]).size).toBe(rows.length);
    const misread = readReports(r.halfA.join('\n'), model).readings.filter((x) => x.label !== x.target);
    expect(misread.length).toBeGreaterThan(0);
    expect(ids(r.reports)).toEqual(misread.map((x) => x.id));
    // each report trains as its own row, labelled with the set's label
    const trained = reviewedRows(r.reports.join('\n'));
    expect(trained.refused).toEqual([]);
    expect(trained.samples.map((s) => s.label)).toEqual(misread.map((x) => x.target));
    // the same seed, the same split; --max keeps the first
    expect(simulateReports(rows, model, 7, 1).reports).toEqual(r.reports.slice(0, 1));
  });
});
