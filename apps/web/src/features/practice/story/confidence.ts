/** Confidence in words, so it is honest and readable without the bar. */
export function confidenceWords(c: number): string {
  if (c >= 0.9) return 'Very sure';
  if (c >= 0.75) return 'Fairly sure';
  if (c >= 0.5) return 'Not very sure';
  return 'Unsure';
}
