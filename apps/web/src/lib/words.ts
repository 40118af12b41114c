/** "1 letter", "2 letters". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * Practice time in words: under a minute says so (33 s is not "1 minute"), longer rounds to the
 * nearest minute, zero is "none yet".
 */
export function practiceTime(ms: number): string {
  if (ms <= 0) return 'none yet';
  if (ms < 60_000) return 'under a minute';
  return plural(Math.round(ms / 60_000), 'minute');
}

/** A list in words: "A", "A and S", "A, S and U". */
export function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
