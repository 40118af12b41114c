import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHAPE_CLASSES } from '../../../packages/recognition/src/handshape/labels.js';
import type { Scored } from './holdout.js';
import { formatSureAcross, heldOutFigures, readRuns, sureAcrossSources, thresholdRule } from './sure-across.js';

/** One member's logits: `read` ahead of every other class by `margin` (T 1: confidence grows with it). */
function answer(fold: string, label: string, read: string, margin: number): Scored {
  const logits = SHAPE_CLASSES.map((c) => (c === read ? margin : 0));
  return { fold, source: fold, signer: 'x', label, logits: [logits] };
}

function runFile(dir: string, name: string, scored: Scored[]): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({ scored }));
  return file;
}

describe('sure chosen across held-out sources', () => {
  // "clean": always right; "webcam": a confident A read as S, and a less confident one
  const clean = [answer('clean', 'B', 'B', 9), answer('clean', 'C', 'C', 9), answer('clean', 'D', 'D', 5)];
  const webcam = [answer('webcam', 'A', 'S', 7), answer('webcam', 'A', 'S', 5), answer('webcam', 'L', 'L', 9)];

  it('reads saved runs, a fold in a later file replacing the earlier one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sure-across-'));
    const once = runFile(dir, 'once.json', [...clean, ...webcam]);
    const twice = runFile(dir, 'twice.json', [answer('clean', 'B', 'B', 9)]);
    expect(readRuns([once])).toHaveLength(6);
    const merged = readRuns([once, twice]);
    expect(merged.filter((s) => s.fold === 'clean')).toHaveLength(1);
    expect(merged.filter((s) => s.fold === 'webcam')).toHaveLength(3);
  });

  it('chooses the threshold that keeps the mean share within the limit, and each source without it', () => {
    const a = sureAcrossSources([...clean, ...webcam], 1, 0);
    // nothing sure and wrong anywhere: above both wrong answers' confidence (margin 7 of 24 letters)
    const wrongConfidence = Math.exp(7) / (Math.exp(7) + 23);
    expect(a.threshold).toBeGreaterThan(wrongConfidence);
    expect(a.at.webcam.sureWrongRate).toBe(0);
    expect(a.at.webcam.sureRate).toBeCloseTo(1 / 3, 9);
    // chosen on "clean" alone (never wrong), "webcam" is judged at the floor: both wrong answers sure
    expect(a.nested.webcam.threshold).toBeCloseTo(0.3, 9);
    expect(a.nested.webcam.sureWrongRate).toBeCloseTo(2 / 3, 9);
    // a mean share of at most 1/6 (webcam at most 1/3) lets the less confident mistake be sure, not the other
    const lenient = sureAcrossSources([...clean, ...webcam], 1, 1 / 6);
    expect(lenient.at.webcam.sureWrongRate).toBeCloseTo(1 / 3, 9);
    expect(lenient.threshold).toBeLessThan(a.threshold);
    expect(() => sureAcrossSources(clean, 1, 0)).toThrow(/two held-out sources/);
  });

  it('reports the rule, the figures for weights.json and a table', () => {
    const a = sureAcrossSources([...clean, ...webcam], 1, 0.02);
    expect(thresholdRule(a)).toMatch(/2 sources never trained on \(clean, webcam\).*average at most 2%/);
    expect(heldOutFigures(a).clean).toEqual({ sureRate: Number(a.at.clean.sureRate.toFixed(4)), sureWrongRate: 0 });
    const table = formatSureAcross(a);
    expect(table[0]).toContain(`sure threshold ${a.threshold.toFixed(2)}`);
    expect(table.slice(3).map((l) => l.split('|')[1].trim())).toEqual(['clean', 'webcam']);
  });
});
