/**
 * Scripted sequences of hands for the engine's tests, and the offline engine's (the same
 * sequences must give the same results there): each step holds a reading for some time at
 * 15 frames a second.
 */
import type { HandReading, PracticeFrame } from './frame.js';

export interface Step {
  /** the handshape read, or null for no hand in view */
  hand: string | null;
  ms: number;
  /** extra reading fields (sure, at, motion on the step's last frame, check) */
  with?: Partial<HandReading> & { motionAtEnd?: 'J' | 'Z' };
}

export const FRAME_MS = 66;

/** The frames of a script, from `startMs`. */
export function framesOf(steps: readonly Step[], startMs = 0): PracticeFrame[] {
  const out: PracticeFrame[] = [];
  let t = startMs;
  for (const s of steps) {
    const n = Math.max(1, Math.round(s.ms / FRAME_MS));
    for (let k = 0; k < n; k++) {
      t += FRAME_MS;
      if (s.hand === null) {
        out.push({ timeMs: t, hand: null });
        continue;
      }
      const { motionAtEnd, ...rest } = s.with ?? {};
      out.push({
        timeMs: t,
        hand: {
          label: s.hand,
          confidence: 0.9,
          at: { x: 160, y: 120, size: 60 },
          ...rest,
          motion: motionAtEnd && k === n - 1 ? motionAtEnd : null,
        },
      });
    }
  }
  return out;
}

/** Signing `letters` one after the other, each held `holdMs`, with `gapMs` of the previous letter kept between
 * (a doubled letter bounces instead). */
export function signWord(letters: string, holdMs = 700, gapMs = 800): Step[] {
  const steps: Step[] = [];
  [...letters].forEach((l, i) => {
    const prev = i > 0 ? letters[i - 1]! : null;
    if (prev !== null && prev !== l) steps.push({ hand: prev, ms: gapMs });
    // a doubled letter: the hand bounces aside and back, as signers do
    if (prev === l) steps.push({ hand: l, ms: 200, with: { at: { x: 220, y: 120, size: 60 } } });
    steps.push({ hand: l, ms: holdMs });
  });
  return steps;
}

export interface ScriptedCase {
  name: string;
  words: string[];
  steps: Step[];
  /** the counted attempts, as target:detected:correct */
  counted: string[];
  /** the hints that count nothing, by kind */
  hints: string[];
}

const J_SHAPE = { check: { matches: true, hint: '' } };

/** The engine's scripted sequences with their results; the offline engine must give the same. */
export const SCRIPTED_CASES: ScriptedCase[] = [
  {
    name: 'the accepted letter held into the next target',
    words: ['SUN'],
    steps: signWord('SUN', 700, 800),
    counted: ['S:S:true', 'U:U:true', 'N:N:true'],
    hints: [],
  },
  {
    name: 'doubled letters (HELLO)',
    words: ['HELLO'],
    steps: signWord('HELLO'),
    counted: ['H:H:true', 'E:E:true', 'L:L:true', 'L:L:true', 'O:O:true'],
    hints: [],
  },
  {
    name: 'doubled letters (BOOK)',
    words: ['BOOK'],
    steps: signWord('BOOK'),
    counted: ['B:B:true', 'O:O:true', 'O:O:true', 'K:K:true'],
    hints: [],
  },
  {
    name: 'a wrong shape held 2 s',
    words: ['CAT'],
    steps: [{ hand: 'Y', ms: 2000 }],
    counted: ['C:Y:false'],
    hints: [],
  },
  {
    name: 'the hand dropped and raised',
    words: ['CAT'],
    steps: [
      { hand: 'Y', ms: 700 },
      { hand: null, ms: 400 },
      { hand: 'Y', ms: 700 },
      { hand: 'C', ms: 700 },
    ],
    counted: ['C:Y:false', 'C:Y:false', 'C:C:true'],
    hints: [],
  },
  {
    name: 'J half drawn, then drawn',
    words: ['JAM'],
    steps: [
      { hand: 'I', ms: 2000, with: J_SHAPE },
      { hand: 'I', ms: 400, with: { ...J_SHAPE, motionAtEnd: 'J' } },
      { hand: 'I', ms: 1500 },
    ],
    counted: ['J:J:true'],
    hints: ['motion_pending'],
  },
  {
    name: 'a reading the recogniser is not sure of',
    words: ['CAT'],
    steps: [{ hand: 'Y', ms: 2000, with: { sure: false } }],
    counted: [],
    hints: ['adjust'],
  },
  {
    // the recogniser reads digits while a digit is asked, letters while a letter is: the 0 just
    // counted, held on at C, reads as O
    name: 'a digit held into the next letter, read as the letter of its handshape (20 COOKIE)',
    words: ['20', 'COOKIE'],
    steps: [...signWord('20', 700, 800), { hand: 'O', ms: 2000 }, { hand: 'C', ms: 700 }],
    counted: ['2:2:true', '0:0:true', 'C:C:true'],
    hints: [],
  },
];
