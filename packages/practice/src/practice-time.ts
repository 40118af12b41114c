/**
 * Practice time, counted alike by live practice (the server), offline practice (the browser) and an
 * offline upload that does not say its own: the time between the learner's moves (an attempt, right
 * or wrong, or an action), each gap counted up to MAX_ACTIVE_GAP_MS.
 */

/**
 * At most this long between two moves counts as practice time. A learner who signs makes a move
 * every few seconds, and reading the next sentence takes well under a minute; a longer pause is
 * someone away from the camera, or a tab left open, and counts as one minute, not as its length.
 */
export const MAX_ACTIVE_GAP_MS = 60_000;

/** The practice time between two moments: the gap, up to MAX_ACTIVE_GAP_MS (none backwards). */
export const activeGap = (fromMs: number, toMs: number): number =>
  Math.min(Math.max(0, toMs - fromMs), MAX_ACTIVE_GAP_MS);

/** The practice time from `startMs` through each move at `movesMs` (in any order), gaps capped. */
export function practiceTime(startMs: number, movesMs: readonly number[]): number {
  let total = 0;
  let last = startMs;
  for (const t of [...movesMs].sort((a, b) => a - b)) {
    total += activeGap(last, t);
    last = Math.max(last, t);
  }
  return total;
}
