/**
 * A J or Z drawn so fast that the camera lost the hand in the middle of the stroke: motion blur
 * hides a fast small hand from the landmark model (`npm run eval:moving-photos`: a Z drawn in
 * 0.7 s at 15 fps in a dim room's 1/15 s exposure is lost on most of its frames), and a path that
 * is not seen draws no letter. The learner then sees the hand found again and nothing happen; told
 * to draw a little more slowly, they can fix it. Pure: fed each frame's palm (null: no hand).
 */
import { palmSpeed } from './adjust.js';

export interface LostStrokeLimits {
  /** the hand moved at least this fast (palm sizes a second) on its last two frames before it was lost */
  minSpeed: number;
  /** and was found again within this long (ms): longer is a hand lowered, not a stroke */
  maxGapMs: number;
  /** how long the hand found again is said to have been drawn too fast (ms) */
  showMs: number;
}

export const DEFAULT_LOST_STROKE: LostStrokeLimits = { minSpeed: 2, maxGapMs: 1000, showMs: 4000 };

export interface Palm {
  x: number;
  y: number;
  /** palm size, pixels */
  size: number;
  /** a landmark at the frame's edge: a hand lost there left the picture */
  atEdge: boolean;
}

interface Seen extends Palm {
  timeMs: number;
}

export class LostStrokeWatch {
  private readonly limits: LostStrokeLimits;
  private last: Seen | null = null;
  private before: Seen | null = null;
  private lostMoving = false;
  private gone = false;
  private until = -Infinity;

  constructor(limits: Partial<LostStrokeLimits> = {}) {
    this.limits = { ...DEFAULT_LOST_STROKE, ...limits };
  }

  reset(): void {
    this.last = null;
    this.before = null;
    this.lostMoving = false;
    this.gone = false;
    this.until = -Infinity;
  }

  /**
   * One frame: the palm (null: no hand) and whether a J or Z was read from the path at it. True
   * while the hand found again after a fast stroke lost it is to be told to draw more slowly.
   */
  push(timeMs: number, palm: Palm | null, drawn: boolean): boolean {
    if (drawn) this.until = -Infinity;
    if (!palm) {
      if (!this.gone && this.last) {
        this.gone = true;
        this.lostMoving =
          !this.last.atEdge && this.before !== null && palmSpeed(this.before, this.last) >= this.limits.minSpeed;
      }
      return timeMs < this.until;
    }
    if (this.gone && this.lostMoving && this.last && timeMs - this.last.timeMs <= this.limits.maxGapMs)
      this.until = timeMs + this.limits.showMs;
    this.gone = false;
    this.lostMoving = false;
    this.before = this.last;
    this.last = { ...palm, timeMs };
    return timeMs < this.until;
  }
}
