/**
 * Live frames without a hand in view (the learner reading the next sentence, the hands lowered):
 * which palm search a frame runs (the pipeline's `idleSearch` option).
 *
 * Searching with every detectAttempt cost a frame without a hand four palm detector runs (48 ms of
 * CPU here, twelve tracked frames' worth; one run: 12 ms), so a few learners with their hands down took the server's
 * capacity from everyone. A stream's first frame still searches with every attempt; a frame that
 * has just lost its hand, or follows a fruitless search, runs one: the first attempt every other
 * frame (a hand coming into view, which the first attempt finds, is found within a frame), the
 * others in turn between (a hand only they find, within 2 x (attempts - 1) frames).
 */
import type { TrackState } from './types.js';

/**
 * How many fruitless searches come before this frame's: the track's count while no hand is
 * tracked, 1 when the tracked hand was just lost (`found`: hands read from the track this frame),
 * 0 while a hand is tracked or on a stream's first frame (no track: search with every attempt).
 */
export function searchMisses(track: TrackState | null | undefined, found: number): number {
  if (!track) return 0;
  if (track.rects.length === 0) return track.misses ?? 0;
  return found === 0 ? 1 : 0;
}

/** The detectAttempts index a frame searches with after `misses` fruitless searches (>= 1). */
export function idleAttempt(misses: number, attempts: number): number {
  if (attempts <= 1 || misses % 2 === 1) return 0;
  return 1 + ((misses / 2 - 1) % (attempts - 1));
}

/**
 * The order of the detectAttempts (their indexes) for this frame: as given when `misses` is 0;
 * otherwise the idle attempt first (the frame runs only it, unless a hand it finds is read weakly
 * and the others are tried to read it better).
 */
export function searchOrder(misses: number, attempts: number): number[] {
  const order = Array.from({ length: attempts }, (_, k) => k);
  if (misses > 0 && attempts > 1) order.unshift(...order.splice(idleAttempt(misses, attempts), 1));
  return order;
}
