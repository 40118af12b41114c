import type { HeldOutFigures } from '../../lib/recognition/held-out-figures';

/** Below this many right in 100, a letter is called out as one the recogniser finds harder. */
export const WEAK_BELOW = 95;

export interface LetterRow {
  letter: string;
  /** "85" or "96 to 100": right in 100 tries */
  rightIn100: string;
  /** the letters it was most often read as instead, most frequent first */
  mistakenFor: string[];
  weak: boolean;
}

/** A figure in plain words: "85" or, where the card gives a range, "96 to 100". */
export function rightIn100(low: number, high: number): string {
  const a = Math.round(low);
  const b = Math.round(high);
  return a === b ? String(a) : `${a} to ${b}`;
}

/** One row per static letter of the model card, with its most frequent mistakes. */
export function letterRows(f: HeldOutFigures): LetterRow[] {
  return f.perLetter.map(({ letter, low, high }) => ({
    letter,
    rightIn100: rightIn100(low, high),
    mistakenFor: f.confusions
      .filter((c) => c.signed === letter)
      .sort((a, b) => b.count - a.count)
      .map((c) => c.read),
    weak: high < WEAK_BELOW,
  }));
}

/** The letters it finds harder, weakest first. */
export function weakLetters(f: HeldOutFigures): LetterRow[] {
  const low = new Map(f.perLetter.map((l) => [l.letter, l.high]));
  return letterRows(f)
    .filter((r) => r.weak)
    .sort((a, b) => low.get(a.letter)! - low.get(b.letter)!);
}

/** "2,318 of 2,400" and the share right in 100, rounded. */
export function share({ correct, total }: { correct: number; total: number }) {
  return {
    words: `${correct.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
    in100: Math.round((100 * correct) / total),
  };
}

/** The range of letters right in 100 over the people left out, e.g. [90, 100]. */
export function personRange(f: HeldOutFigures): [number, number] {
  const v = f.perPerson.map((p) => p.letters);
  return [Math.round(Math.min(...v)), Math.round(Math.max(...v))];
}

/** What each collection of pictures in the model card is, in a learner's words. */
const SOURCE_WORDS: Record<string, string> = {
  'ASL-HG': 'Phone photos of 10 people in ordinary rooms and outdoors',
  Massey: 'Studio photos of 3 people',
  digits: 'Photos of students signing digits',
  ASLNow: 'Webcams of people learning in a web browser',
  boris: 'One person’s webcam',
  siruyy: 'Another person’s webcam',
  signn: 'Webcam recordings of about 8 people, without depth',
};

export function sourceWords(name: string): string {
  return SOURCE_WORDS[name] ?? name;
}

/** Why the letters of a look-alike group are confused, in plain words (to follow "M and N: "). */
const WHY: [letters: string, why: string][] = [
  ['MNST', 'fists that differ only in where your thumb sits'],
  ['CO', 'a C that closes too far looks like an O'],
  ['GQ', 'the same shape pointing another way, so a G held at an angle can look like a Q'],
  ['KP', 'the same shape pointing another way, so a P held at an angle can look like a K'],
  ['RU', 'the crossed fingers of an R are hard to see from the front'],
  ['DX', 'a hooked index finger (X) can look straight (D), and the other way round'],
  ['HP', 'a P held with both fingers straight out sideways looks like an H'],
  ['KV', 'the thumb between the fingers of a K is hard to see from the front, so it can look like a V'],
  ['GL', 'a G whose thumb points up looks like an L'],
];

export function whyAlike(group: string[]): string {
  const has = (letters: string) => [...letters].every((l) => group.includes(l));
  return WHY.find(([letters]) => has(letters))?.[1] ?? 'they look alike from some angles';
}
