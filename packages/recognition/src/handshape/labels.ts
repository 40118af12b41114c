/**
 * Static handshape classes and how they map to letters and digits.
 *
 * J and Z are NOT static classes: their handshapes are I (J) and the index-pointing
 * shape (Z); the letters themselves are produced only by the motion detector (motion.ts).
 * Digits whose handshape is identical to a letter share one class:
 * 0 = O, 2 = V, 6 = W, 9 = F. The caller's class restriction decides the reading.
 */

export type ClassSet = 'letters' | 'digits' | 'all';

export const STATIC_LETTERS = 'ABCDEFGHIKLMNOPQRSTUVWXY'.split('');
export const MOTION_LETTERS = ['J', 'Z'] as const;
export const DIGITS = '0123456789'.split('');
/** Digits that share a handshape with a letter. */
export const DIGIT_ALIAS: Readonly<Record<string, string>> = { '0': 'O', '2': 'V', '6': 'W', '9': 'F' };
/** Every output unit of the network, in order. */
export const SHAPE_CLASSES: readonly string[] = [...STATIC_LETTERS, ...DIGITS.filter((d) => !(d in DIGIT_ALIAS))];

/** Maps a dataset label (letter any case, or digit) to its shape class; null for motion letters. */
export function shapeClassOf(label: string): string | null {
  const u = label.trim().toUpperCase();
  if (u in DIGIT_ALIAS) return DIGIT_ALIAS[u];
  if (SHAPE_CLASSES.includes(u)) return u;
  return null;
}

/** The names a caller sees for a class set, each with the shape class that carries it. */
export function namesFor(classes: ClassSet): { name: string; shape: string }[] {
  if (classes === 'letters') return STATIC_LETTERS.map((l) => ({ name: l, shape: l }));
  if (classes === 'digits') return DIGITS.map((d) => ({ name: d, shape: shapeClassOf(d) as string }));
  return SHAPE_CLASSES.map((s) => ({ name: s, shape: s }));
}

export function isDigit(label: string): boolean {
  return /^[0-9]$/.test(label);
}
