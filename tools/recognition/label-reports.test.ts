import { describe, expect, it } from 'vitest';
import { labelReports, parseVerdict } from './label-reports.js';

const line = (id: string, target: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id, fps: 15, width: 320, height: 320, frames: [], target, detected: 'S', ...extra });

describe('label:reports: a person writes what each reported hand shows', () => {
  it('takes ID=LETTER, ID=asked and ID=none, and refuses anything else', () => {
    expect(parseVerdict('a1b2c3d4=s')).toEqual({ id: 'a1b2c3d4', verdict: 'S' });
    expect(parseVerdict('a1b2c3d4=asked')).toEqual({ id: 'a1b2c3d4', verdict: 'asked' });
    expect(parseVerdict('a1b2c3d4=none')).toEqual({ id: 'a1b2c3d4', verdict: 'none' });
    expect(parseVerdict('a1b2c3d4=7')).toEqual({ id: 'a1b2c3d4', verdict: '7' });
    // J and Z label a movement (scored by eval:reports, not trained on); a letter is one letter
    expect(parseVerdict('a1b2c3d4=z')).toEqual({ id: 'a1b2c3d4', verdict: 'Z' });
    for (const bad of ['a1b2c3d4=AB', 'a1b2c3d4=?', 'a1b2c3d4', '=A', 'a1=A'])
      expect(() => parseVerdict(bad), bad).toThrow(/expected ID=LETTER/);
  });

  it('sets, replaces and clears labels by id or its first 8 characters, keeping every other line as it was', () => {
    const text = [
      line('a1b2c3d4-1111-4111-8111-111111111111', 'A'),
      line('e5f6a7b8-2222-4222-8222-222222222222', 'M', { label: 'N' }),
      line('c0ffee00-3333-4333-8333-333333333333', 'T', { label: 'T' }),
      '',
    ].join('\n');
    const r = labelReports(text, [
      { id: 'a1b2c3d4', verdict: 'asked' },
      { id: 'e5f6a7b8-2222-4222-8222-222222222222', verdict: 'T' },
      { id: 'c0ffee00', verdict: 'none' },
    ]);
    expect([r.labelled, r.cleared, r.unmatched]).toEqual([2, 1, []]);
    const out = r.text.split('\n');
    expect(out).toHaveLength(4);
    expect(JSON.parse(out[0]!)).toMatchObject({ target: 'A', label: 'A', detected: 'S', frames: [] });
    expect(JSON.parse(out[1]!)).toMatchObject({ target: 'M', label: 'T' });
    expect(JSON.parse(out[2]!)).not.toHaveProperty('label');
    expect(out[3]).toBe('');
  });

  it('names every verdict whose id matches no line or several', () => {
    const text = [line('a1b2c3d4-1111', 'A'), line('a1b2c3d4-2222', 'B')].join('\n');
    const r = labelReports(text, [
      { id: 'a1b2c3d4', verdict: 'A' },
      { id: 'ffffffff', verdict: 'A' },
    ]);
    expect(r.unmatched).toEqual(['a1b2c3d4 (2 lines)', 'ffffffff (no line)']);
    expect(r.labelled).toBe(0);
  });
});
