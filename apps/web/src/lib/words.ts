/** "1 letter", "2 letters". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Practice time in words, rounded to the nearest minute; under half a minute says so, zero is "none yet". */
export function practiceTime(ms: number): string {
  if (ms <= 0) return 'none yet';
  const m = Math.round(ms / 60_000);
  return m < 1 ? 'under a minute' : plural(m, 'minute');
}

/** A list in words: "A", "A and S", "A, S and U". */
export function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
