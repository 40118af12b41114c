import { render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HELD_OUT_FIGURES } from '../../lib/recognition/held-out-figures';
import { AboutRecognitionPage } from './AboutRecognitionPage';
import { letterRows, rightIn100, weakLetters, whyAlike } from './figures';

// vitest runs from the repository's root
const card = readFileSync(resolve(process.cwd(), 'packages/recognition/src/handshape/MODEL_CARD.md'), 'utf8');
/** The newest version's figures are the card's last (it is in chronological order). */
const lastMatch = (re: RegExp) => [...card.matchAll(new RegExp(re.source, 'g'))].at(-1)!;

function renderPage() {
  return render(
    <MemoryRouter>
      <AboutRecognitionPage />
    </MemoryRouter>,
  );
}

const rowOf = (letter: string) =>
  within(screen.getByRole('table')).getByRole('rowheader', { name: letter }).closest('tr') as HTMLElement;

describe('About recognition', () => {
  it('shows every static letter in a captioned table, with the model card’s per-letter figures', () => {
    renderPage();
    const table = screen.getByRole('table', { name: /how many times in 100 it was read right on people it never saw/ });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(24);
    // the card's own words: "Letters per class (pooled): A 100%, ..., M 85%, ...;" (or "every other letter 96–100%")
    const line = lastMatch(/Letters per class \(pooled\):([^;]*);/)[1]!;
    const named = [...line.matchAll(/\b([A-Z]) (\d+)%/g)];
    expect(named.length).toBeGreaterThan(0);
    for (const [, letter, pct] of named)
      expect(rowOf(letter!)).toHaveTextContent(new RegExp(`^${letter}${pct}(?!\\d)`));
    const rest = /every other letter (\d+)[–-](\d+)%/.exec(line);
    if (rest) expect(rowOf('A')).toHaveTextContent(`${rest[1]} to ${rest[2]}`);
  });

  it('gives the pooled held-out figures of the card in plain words', () => {
    renderPage();
    const [, pct, correct, total] = lastMatch(/letters \(240\)[^\n]*\*\*([\d.]+)%\*\* \((\d+)\/(\d+)\)/);
    // the card's rounded percentage agrees with its counts; the page rounds the counts' share
    expect(Math.abs(Number(pct) - (100 * Number(correct)) / Number(total))).toBeLessThan(0.05);
    expect(screen.getByTestId('letters-in-100')).toHaveTextContent(
      `${Math.round((100 * Number(correct)) / Number(total))} letters in 100`,
    );
    expect(
      screen.getByText(
        new RegExp(`${Number(correct).toLocaleString('en-US')} of ${Number(total).toLocaleString('en-US')} photos`),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/every digit/)).toBeInTheDocument();
  });

  it('calls out the weak letters and what they are read as', () => {
    renderPage();
    const weak = weakLetters(HELD_OUT_FIGURES);
    expect(weak.map((w) => w.letter)).toEqual(['S', 'T']);
    const note = screen.getByRole('note', { name: 'Letters it finds harder' });
    expect(note).toHaveTextContent('S: right 90 times in 100, sometimes read as T');
    expect(note).toHaveTextContent('T: right 91 times in 100, sometimes read as S');
    expect(rowOf('S')).toHaveTextContent('(harder)');
    expect(rowOf('M')).not.toHaveTextContent('(harder)');
    expect(rowOf('C')).not.toHaveTextContent('(harder)');
    expect(rowOf('A')).not.toHaveTextContent('(harder)');
    // a letter read wrong at all says what it was read as
    const below100 = HELD_OUT_FIGURES.perLetter.filter((l) => l.high < 100).map((l) => l.letter);
    expect(below100.length).toBeGreaterThan(0);
    for (const row of letterRows(HELD_OUT_FIGURES).filter((r) => below100.includes(r.letter)))
      expect(row.mistakenFor.length, row.letter).toBeGreaterThan(0);
  });

  it('says what makes it fail, that it asks to adjust when unsure, and how to report a wrong reading', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'About recognition' })).toBeInTheDocument();
    for (const cause of ['Light.', 'Angle.', 'Distance.', 'J and Z drawn fast or small.', 'Letters that look alike.'])
      expect(screen.getByText(cause)).toBeInTheDocument();
    expect(screen.getByText(/M, N, S, T and A: fists that differ only in where your thumb sits/)).toBeInTheDocument();
    expect(screen.getByText(/C and O: /)).toBeInTheDocument();
    expect(screen.getByText(/too dark to find your hand, the practice screen says so/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'When it isn’t sure, it says so' })).toBeInTheDocument();
    expect(screen.getByText(/it doesn’t name a letter: it asks you to adjust/)).toBeInTheDocument();
    expect(screen.getByText(/could still be the one asked, it gives you the benefit of the doubt/)).toBeInTheDocument();
    expect(
      screen.getByText(
        /sure of about 93 answers in 100, and only 4 of its 3,300 answers \(2,400 letters and 900 digits\) were sure but wrong/,
      ),
    ).toBeInTheDocument();
    // the other collections: their whole range, and plainly worse on webcams (not "a little")
    expect(screen.getByTestId('sources-range')).toHaveTextContent('65 to 98 letters in 100');
    expect(screen.getByText(/several were read clearly worse than the photos above/)).toBeInTheDocument();
    expect(screen.getByText('This feedback is wrong')).toBeInTheDocument();
    // what a report sends (practice.e2e.ts checks the request itself)
    expect(
      screen.getByText(
        /where your hand’s joints were as it was read and in the two seconds before \(J and Z are drawn\)\. Never the picture from your camera\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to ASL World' })).toHaveAttribute('href', '/asl-world');
  });
});

describe('figures in words', () => {
  it('ranges, lists and reasons', () => {
    expect(rightIn100(85, 85)).toBe('85');
    expect(rightIn100(96, 100)).toBe('96 to 100');
    expect(whyAlike(['U', 'R'])).toMatch(/crossed/);
    expect(whyAlike(['B', 'E'])).toBe('they look alike from some angles');
    expect(letterRows(HELD_OUT_FIGURES).find((r) => r.letter === 'S')!.mistakenFor).toEqual(['T']);
    expect(whyAlike(['P', 'H'])).toMatch(/sideways/);
  });
});
