/**
 * From this calibrated confidence a reading is "fairly sure": at or under practice's threshold for
 * counting a held sign (hold-sure.json, 0.74), so a sign the practice counts, right or wrong, is
 * never described as "not very sure" (confidence.test.ts checks it against the fitted threshold).
 */
export const FAIRLY_SURE_FROM = 0.7;

/** Confidence in words, so it is honest and readable without the bar. */
export function confidenceWords(c: number): string {
  if (c >= 0.9) return 'Very sure';
  if (c >= FAIRLY_SURE_FROM) return 'Fairly sure';
  if (c >= 0.5) return 'Not very sure';
  return 'Unsure';
}
