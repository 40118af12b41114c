/**
 * The held-out validation figures the app shows learners ("About recognition"), read from the
 * handshape model card, the one place they are written by hand (from the output of
 * `npm run eval:recognizer -- --holdout ...` and holdout-report.ts).
 *
 * npx tsx tools/recognition/card-figures.ts          writes packages/recognition/src/handshape/held-out-figures.json
 * npx tsx tools/recognition/card-figures.ts --check  fails when that file and the card disagree
 *
 * card-figures.test.ts fails when the JSON and the card disagree, so a new card means running this.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { HeldOutFigures } from '../../packages/recognition/src/handshape/held-out-figures.js';

export const CARD_PATH = fileURLToPath(
  new URL('../../packages/recognition/src/handshape/MODEL_CARD.md', import.meta.url),
);
export const FIGURES_PATH = fileURLToPath(
  new URL('../../packages/recognition/src/handshape/held-out-figures.json', import.meta.url),
);

const LETTERS = 'ABCDEFGHIKLMNOPQRSTUVWXY'.split('');

function fail(what: string): never {
  throw new Error(`MODEL_CARD.md: ${what} not found (tools/recognition/card-figures.ts reads it)`);
}

/**
 * The last markdown table (the newest version's: the card is in chronological order) whose header
 * matches `head`: its rows as trimmed cells.
 */
function table(card: string, head: RegExp): string[][] {
  const lines = card.split('\n');
  const start = lines.findLastIndex((l) => l.startsWith('|') && head.test(l));
  if (start < 0) fail(`the table ${head}`);
  const rows: string[][] = [];
  for (let i = start; i < lines.length && lines[i].startsWith('|'); i++) {
    if (/^\|\s*-/.test(lines[i])) continue;
    rows.push(
      lines[i]
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

const num = (s: string) => Number(s.replace(/[*%]/g, ''));
/** "**96.6%** (2318/2400)" -> counts */
function counts(cell: string): { correct: number; total: number } {
  const m = /\((\d[\d,]*)\/(\d[\d,]*)\)/.exec(cell) ?? fail(`counts in "${cell}"`);
  return { correct: Number(m[1].replace(/,/g, '')), total: Number(m[2].replace(/,/g, '')) };
}

/** Pairs and groups such as "G→Q", "M/N/S/T/A", "U↔R" in a sentence, as letter lists. */
function letterGroups(text: string): string[][] {
  return [...text.matchAll(/\b[A-Z](?:[/→↔][A-Z])+\b/g)].map((m) => m[0].split(/[/→↔]/));
}

/** Every figure the "About recognition" page shows, read from the model card's text. */
export function figuresFromCard(card: string): HeldOutFigures {
  // Leave-one-ASL-HG-signer-out: the table whose first header cell reads "held out (330 photos each)".
  const people = table(card, /^\|\s*held out \(\d+ photos each\)/);
  const header = people[0];
  const row = (name: RegExp) => people.find((r) => name.test(r[0])) ?? fail(`the row ${name}`);
  const letterRow = row(/^letters/);
  const digitRow = row(/^digits/);
  const sureRow = row(/^sure$/);
  const wrongRow = row(/^sure but wrong/);
  const last = header.length - 1;
  if (!/pooled/.test(header[last])) fail('the pooled column');
  const perPerson = header.slice(1, last).map((name, i) => ({ person: name, letters: num(letterRow[i + 1]) }));
  const wrong = /\*\*([\d.]+)%\*\*\s*\((\d+) of ([\d,]+)\)/.exec(wrongRow[last]) ?? fail('sure but wrong, pooled');

  // "Letters per class (pooled): C 85%, M 82%, ..., every other letter 96–100%;" (the newest: the last)
  const perClass =
    [...card.matchAll(/Letters per class \(pooled\):([^;]*);\s*confusions([^(]*)\(/g)].at(-1) ??
    fail('Letters per class');
  const named = new Map<string, number>();
  for (const m of perClass[1].matchAll(/\b([A-Z]) (\d+(?:\.\d+)?)%/g)) named.set(m[1], Number(m[2]));
  const rest = /every other letter (\d+)[–-](\d+)%/.exec(perClass[1]);
  const perLetter = LETTERS.map((letter) => {
    const exact = named.get(letter);
    if (exact !== undefined) return { letter, low: exact, high: exact };
    if (!rest) fail(`a figure for the letter ${letter}`);
    return { letter, low: Number(rest[1]), high: Number(rest[2]) };
  });
  const confusions = [...perClass[2].matchAll(/\b([A-Z])→([A-Z]) (\d+)/g)].map((m) => ({
    signed: m[1],
    read: m[2],
    count: Number(m[3]),
  }));

  // Leave-one-source-out, the newest recipe's column (the last): "| Massey (hand1–3: ...) | ... | **92.5%** / 97.1% |"
  const sourceRows = table(card, /^\|\s*held out\s*\|.*recipe/);
  const sources = sourceRows.slice(1).map((r) => {
    const cell = r[r.length - 1];
    const [l, d] = cell.includes('/') ? cell.split('/') : [cell, ''];
    const value = (s: string) => (/\d/.test(s) ? num(s.trim()) : null);
    return { name: r[0].replace(/\s*\(.*$/, ''), letters: value(l), digits: value(d) };
  });

  // the newest version's sentence (the last) in Known limitations
  const weak =
    [...card.matchAll(/\((v\d+)\) Weak letters on people never seen:([\s\S]*?)(?:\n\s*\n|\n- )/g)].at(-1) ??
    fail('(vN) Weak letters');
  return {
    source: `packages/recognition/src/handshape/MODEL_CARD.md, ${weak[1]}: leave-one-ASL-HG-signer-out (each of 10 people left out of training in turn) and leave-one-source-out`,
    people: perPerson.length,
    letters: counts(letterRow[last]),
    digits: counts(digitRow[last]),
    sure: num(sureRow[last]),
    sureButWrong: { count: Number(wrong[2]), total: Number(wrong[3].replace(/,/g, '')), percent: Number(wrong[1]) },
    perPerson,
    perLetter,
    confusions,
    lookAlike: letterGroups(weak[2]),
    sources,
  };
}

/**
 * The card's per-letter sentence as holdout-report.ts prints it for the card, every letter named
 * (figuresFromCard reads it back): "Letters per class (pooled): A 98%, ...; confusions M→N 16, ...
 * (the 6 most frequent)." Confusions as frequent as the last one listed are listed too, so a letter
 * read wrong is never shown as never confused just because another tied with it.
 */
export function cardLetterLine(
  perClass: ReadonlyMap<string, { n: number; correct: number }>,
  confusion: ReadonlyMap<string, ReadonlyMap<string, number>>,
  top = 6,
): string {
  const classes = LETTERS.filter((l) => perClass.get(l)?.n).map(
    (l) => `${l} ${Math.round((100 * perClass.get(l)!.correct) / perClass.get(l)!.n)}%`,
  );
  const errors: [string, string, number][] = [];
  for (const [t, row] of confusion) for (const [p, c] of row) if (p !== t) errors.push([t, p, c]);
  errors.sort((a, b) => b[2] - a[2]);
  const cut = errors[top - 1]?.[2] ?? 0;
  const worst = errors.filter(([, , c], i) => i < top || c === cut).map(([t, p, c]) => `${t}→${p} ${c}`);
  return `Letters per class (pooled): ${classes.join(', ')}; confusions ${worst.join(', ')} (the ${worst.length} most frequent).`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = figuresFromCard(readFileSync(CARD_PATH, 'utf8'));
  if (process.argv.includes('--check')) {
    if (!isDeepStrictEqual(JSON.parse(readFileSync(FIGURES_PATH, 'utf8')), figures)) {
      console.error(`${FIGURES_PATH} is out of date: npx tsx tools/recognition/card-figures.ts`);
      process.exit(1);
    }
    console.log('held-out-figures.json matches the model card');
  } else {
    writeFileSync(FIGURES_PATH, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`wrote ${FIGURES_PATH}`);
  }
}
