/**
 * Expected hand state for each target letter/digit, in the terms of finger-state.ts.
 * Each constraint lists the ALLOWED values; a missing constraint means "any".
 * Tuned against the labelled landmark sets (agreement is measured by
 * tools/recognition/train/eval.ts and reported in MODEL_CARD.md).
 */
import type { Finger, FingerState, Pointing, ThumbPosition } from './finger-state.js';

export interface LetterTemplate {
  fingers: Partial<Record<Finger, readonly FingerState[]>>;
  thumb?: readonly ThumbPosition[];
  /** plain-words instruction for the thumb when its position is wrong */
  thumbHint?: string;
  /**
   * plain-words instruction when a finger is wrong, for letters whose fingers curve (C, O): the
   * generic "Straighten" or "Curl" would lead away from the curve
   */
  fingerHint?: string;
  touching?: Finger;
  /** index and middle spread apart (true) or together (false); checked only if both are extended */
  spreadIndexMiddle?: boolean;
  crossed?: boolean;
  /** where the extended index finger should point */
  indexPointing?: readonly Pointing[];
}

const E = ['extended'] as const;
const C = ['curled'] as const;
const CB = ['curled', 'bent'] as const;
const EB = ['extended', 'bent'] as const;
const fist = { index: C, middle: C, ring: C, pinky: C };
const closedRest = { middle: CB, ring: CB, pinky: CB };

export const TEMPLATES: Readonly<Record<string, LetterTemplate>> = {
  A: { fingers: fist, thumb: ['alongside', 'out'], thumbHint: 'Rest your thumb against the side of your index finger' },
  B: {
    fingers: { index: E, middle: E, ring: E, pinky: E },
    thumb: ['across', 'alongside'],
    thumbHint: 'Fold your thumb across your palm',
    spreadIndexMiddle: false,
  },
  C: {
    fingers: { index: EB, middle: EB, ring: EB, pinky: EB },
    thumb: ['out', 'alongside'],
    thumbHint: 'Curve your thumb and fingers into a C shape, as if holding a cup',
    fingerHint: 'Open your fingers into a curve, as if holding a cup',
  },
  D: { fingers: { index: E, ...closedRest }, thumb: ['out', 'across', 'alongside'] },
  E: {
    fingers: { index: CB, middle: C, ring: C, pinky: C },
    thumb: ['across', 'alongside'],
    thumbHint: 'Tuck your thumb across under your fingertips',
  },
  F: { fingers: { index: CB, middle: E, ring: E, pinky: E }, touching: 'index' },
  G: { fingers: { index: EB, ...closedRest }, indexPointing: ['sideways'] },
  H: { fingers: { index: EB, middle: EB, ring: CB, pinky: CB }, spreadIndexMiddle: false, indexPointing: ['sideways'] },
  I: {
    fingers: { index: C, middle: C, ring: C, pinky: E },
    thumb: ['across', 'alongside'],
    thumbHint: 'Fold your thumb over your curled fingers',
  },
  K: {
    fingers: { index: E, middle: E, ring: CB, pinky: CB },
    thumb: ['alongside', 'across'],
    thumbHint: 'Put your thumb up between your index and middle fingers',
  },
  L: {
    fingers: { index: E, ...closedRest },
    thumb: ['out', 'alongside'],
    thumbHint: 'Stick your thumb out to the side to make an L',
  },
  M: { fingers: fist, thumb: ['across', 'alongside'], thumbHint: 'Tuck your thumb under your first three fingers' },
  N: {
    fingers: fist,
    thumb: ['across', 'alongside'],
    thumbHint: 'Tuck your thumb under your index and middle fingers',
  },
  O: {
    fingers: { index: CB, middle: CB, ring: CB, pinky: CB },
    thumb: ['out', 'alongside', 'across'],
    fingerHint: 'Curve your fingers down to meet your thumb in an O',
  },
  P: { fingers: { index: E, middle: EB, ring: CB, pinky: CB }, indexPointing: ['down', 'sideways'] },
  Q: { fingers: { index: EB, ring: CB, pinky: CB }, indexPointing: ['down', 'sideways'] },
  R: { fingers: { index: E, middle: E, ring: CB, pinky: CB }, crossed: true },
  S: { fingers: fist, thumb: ['across', 'alongside'], thumbHint: 'Wrap your thumb across the front of your fingers' },
  T: {
    fingers: fist,
    thumb: ['alongside', 'across'],
    thumbHint: 'Tuck your thumb between your index and middle fingers',
  },
  U: { fingers: { index: E, middle: E, ring: CB, pinky: CB }, spreadIndexMiddle: false, crossed: false },
  V: { fingers: { index: E, middle: E, ring: CB, pinky: CB }, spreadIndexMiddle: true, crossed: false },
  W: {
    fingers: { index: E, middle: E, ring: E, pinky: CB },
    thumb: ['across', 'alongside'],
    thumbHint: 'Hold your pinky down with your thumb',
  },
  X: {
    fingers: { index: EB, middle: C, ring: C, pinky: C },
    thumb: ['across', 'alongside'],
    thumbHint: 'Rest your thumb on your curled fingers',
  },
  Y: {
    fingers: { index: C, middle: C, ring: C, pinky: E },
    thumb: ['out'],
    thumbHint: 'Stick your thumb out to the side',
  },
  '1': {
    fingers: { index: E, ...closedRest },
    thumb: ['across', 'alongside'],
    thumbHint: 'Fold your thumb over your curled fingers',
  },
  '3': { fingers: { index: E, middle: E, ring: CB, pinky: CB }, thumb: ['out'], thumbHint: 'Stick your thumb out' },
  '4': {
    fingers: { index: E, middle: E, ring: E, pinky: E },
    thumb: ['across', 'alongside'],
    thumbHint: 'Fold your thumb across your palm',
  },
  '5': {
    fingers: { index: E, middle: E, ring: E, pinky: E },
    thumb: ['out'],
    thumbHint: 'Stick your thumb out',
    spreadIndexMiddle: true,
  },
  '7': { fingers: { index: E, middle: E, ring: CB, pinky: E }, touching: 'ring' },
  '8': { fingers: { index: E, middle: CB, ring: E, pinky: E }, touching: 'middle' },
};

/** Letters/digits that reuse another template: shared handshapes and motion letters. */
export const TEMPLATE_ALIAS: Readonly<Record<string, string>> = {
  '0': 'O',
  '2': 'V',
  '6': 'W',
  '9': 'F',
  J: 'I',
  Z: '1',
};

export function templateFor(target: string): LetterTemplate | null {
  const t = target.toUpperCase();
  return TEMPLATES[TEMPLATE_ALIAS[t] ?? t] ?? null;
}
