import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELD_OUT_FIGURES } from '../../packages/recognition/src/handshape/held-out-figures.js';
import { CARD_PATH, cardLetterLine, figuresFromCard } from './card-figures.js';

const card = readFileSync(CARD_PATH, 'utf8');
/** The card with the last match of `re` (the newest version's text, which the figures come from) replaced. */
function replaceLast(text: string, re: RegExp, by: string): string {
  const m = [...text.matchAll(new RegExp(re.source, 'g'))].at(-1);
  if (!m || m.index === undefined) throw new Error(`${re} not in the card`);
  return text.slice(0, m.index) + by + text.slice(m.index + m[0].length);
}

describe('the figures the About recognition page shows', () => {
  it('are the model card’s (run `npx tsx tools/recognition/card-figures.ts` after changing the card)', () => {
    expect(HELD_OUT_FIGURES).toEqual(figuresFromCard(card));
  });

  it('hold together: every static letter, per-letter figures that add up to the pooled count', () => {
    const f = figuresFromCard(card);
    expect(f.perLetter.map((l) => l.letter).join('')).toBe('ABCDEFGHIKLMNOPQRSTUVWXY');
    const each = f.letters.total / f.perLetter.length;
    const low = f.perLetter.reduce((s, l) => s + (l.low / 100) * each, 0);
    const high = f.perLetter.reduce((s, l) => s + (l.high / 100) * each, 0);
    expect(f.letters.correct).toBeGreaterThanOrEqual(Math.floor(low));
    expect(f.letters.correct).toBeLessThanOrEqual(Math.ceil(high));
    expect(f.people).toBe(f.perPerson.length);
    const pooled = f.perPerson.reduce((s, p) => s + p.letters, 0) / f.people;
    expect(Math.abs(pooled - (100 * f.letters.correct) / f.letters.total)).toBeLessThan(0.1);
    expect(f.sureButWrong.percent).toBeCloseTo((100 * f.sureButWrong.count) / f.sureButWrong.total, 2);
  });

  it('name the look-alike letters of the card, e.g. M/N/S/T, C/O, X/D, U/R, K/V', () => {
    const f = figuresFromCard(card);
    const pairs = f.lookAlike.map((g) => g.join(''));
    for (const p of ['UR', 'XD', 'CO', 'KV']) expect(pairs).toContain(p);
    expect(f.lookAlike.some((g) => ['M', 'N', 'S', 'T'].every((l) => g.includes(l)))).toBe(true);
  });

  it('fail loudly when the card changes under them', () => {
    const changed = replaceLast(card, /Letters per class \(pooled\): A 100%/, 'Letters per class (pooled): A 99%');
    expect(figuresFromCard(changed)).not.toEqual(HELD_OUT_FIGURES);
    expect(() => figuresFromCard(card.replaceAll('Letters per class (pooled)', 'Per letter'))).toThrow(
      /Letters per class/,
    );
  });

  it('read back what holdout-report.ts prints for the card: every letter named, the top confusions', () => {
    const perClass = new Map(
      'ABCDEFGHIKLMNOPQRSTUVWXY'.split('').map((l, i) => [l, { n: 100, correct: 100 - (i % 5) }] as const),
    );
    const confusion = new Map([
      [
        'M',
        new Map([
          ['M', 80],
          ['N', 16],
          ['T', 4],
        ]),
      ],
      [
        'C',
        new Map([
          ['C', 85],
          ['O', 15],
        ]),
      ],
    ]);
    const line = cardLetterLine(perClass, confusion);
    expect(line).toMatch(/^Letters per class \(pooled\): A 100%, B 99%, .*; confusions M→N 16, C→O 15, M→T 4 \(/);
    const f = figuresFromCard(
      replaceLast(card, /Letters per class \(pooled\):[^(]*\(/, `${line.slice(0, line.lastIndexOf('('))}(`),
    );
    expect(f.perLetter.find((l) => l.letter === 'B')).toEqual({ letter: 'B', low: 99, high: 99 });
    expect(f.confusions[0]).toEqual({ signed: 'M', read: 'N', count: 16 });
  });

  it('lists the confusions tied with the last one it has room for', () => {
    const perClass = new Map(['A', 'B', 'C', 'D'].map((l) => [l, { n: 10, correct: 9 }]));
    const confusion = new Map([
      ['A', new Map([['B', 1]])],
      ['B', new Map([['C', 1]])],
      ['C', new Map([['D', 1]])],
      ['D', new Map([['A', 1]])],
    ]);
    expect(cardLetterLine(perClass, confusion, 2)).toMatch(
      /confusions A→B 1, B→C 1, C→D 1, D→A 1 \(the 4 most frequent\)/,
    );
  });
});
