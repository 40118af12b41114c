/**
 * What to tell a learner whose hand the recogniser is not sure of: the one thing most likely to
 * help, read from where the hand is, how it moves, which way the palm faces and how big it looks.
 * Pure: fed the frames of the hand in pixels, with the frame's size when it is known and the
 * letter asked for.
 */
import { NOT_PALM_ON_LETTERS, palmTurnedAway, type Landmark } from '@asl/recognition';
import { ADJUST_HINT } from './praise.js';

export const ADJUST = {
  outOfView: 'Keep your whole hand inside the picture',
  moving: 'Hold your hand still for a moment',
  tooFar: 'Move your hand a little closer to the camera',
  tooClose: 'Move your hand a little further from the camera',
  /** the letter asked for is signed palm to the camera, and this palm is turned away (palm-facing.ts) */
  turnPalm: 'Turn your palm toward the camera',
  /** nothing measurable stands out: the palm's angle or the light */
  other: ADJUST_HINT,
  /** the same, for a letter not signed palm to the camera (C, D, G, H, O, P, Q, X): as its picture shows it */
  otherAsPictured: 'Hold your hand still, turned as in the picture, a little closer and in good light',
} as const;

export interface AdjustLimits {
  /** a landmark this close to the frame's edge (share of the frame's side) is cut off */
  edge: number;
  /** the palm's centre moving more than this many palm sizes a second is a moving hand */
  speed: number;
  /** over this much of the recent past (ms) */
  windowMs: number;
  /** palm size (wrist to middle knuckle) under this share of the frame's height: too far */
  minPalm: number;
  /** over this share: too close */
  maxPalm: number;
}

export const DEFAULT_ADJUST_LIMITS: AdjustLimits = {
  edge: 0.01,
  speed: 1.5,
  windowMs: 300,
  minPalm: 0.09,
  maxPalm: 0.45,
};

interface Seen {
  timeMs: number;
  x: number;
  y: number;
  size: number;
}

export class AdjustAdvisor {
  private readonly limits: AdjustLimits;
  private recent: Seen[] = [];

  constructor(limits: Partial<AdjustLimits> = {}) {
    this.limits = { ...DEFAULT_ADJUST_LIMITS, ...limits };
  }

  reset(): void {
    this.recent = [];
  }

  /**
   * One frame's hand (landmarks in pixels, z in the same units when known; null: none) and the
   * letter asked for (null: none, or one drawn in the air). Returns the advice for this frame:
   * what stands out most, in the order a learner can fix it. A palm turned away comes before the
   * distance, since a palm tilted away from the camera also looks short.
   */
  push(
    timeMs: number,
    landmarks: readonly Landmark[] | null,
    frame: { width: number; height: number } | null,
    asked: string | null = null,
  ): string {
    if (!landmarks) {
      this.recent = [];
      return ADJUST.other;
    }
    const l = this.limits;
    const palm = palmOf(landmarks);
    this.recent.push({ timeMs, ...palm });
    while (this.recent.length > 1 && timeMs - this.recent[0]!.timeMs > l.windowMs) this.recent.shift();

    if (atFrameEdge(landmarks, frame, l.edge)) return ADJUST.outOfView;
    if (palmSpeed(this.recent[0]!, { timeMs, ...palm }) > l.speed) return ADJUST.moving;
    if (palmTurnedAway(asked, landmarks)) return ADJUST.turnPalm;
    if (frame && frame.height > 0) {
      const share = palm.size / frame.height;
      if (share < l.minPalm) return ADJUST.tooFar;
      if (share > l.maxPalm) return ADJUST.tooClose;
    }
    return asked !== null && NOT_PALM_ON_LETTERS.has(asked) ? ADJUST.otherAsPictured : ADJUST.other;
  }
}

/** A landmark within `edge` of the frame's side of its edge: the hand is cut off (unknown frame size: no). */
export function atFrameEdge(
  lm: readonly Landmark[],
  frame: { width: number; height: number } | null,
  edge: number,
): boolean {
  if (!frame || !(frame.width > 0) || !(frame.height > 0)) return false;
  const mx = edge * frame.width;
  const my = edge * frame.height;
  return lm.some((p) => p.x <= mx || p.y <= my || p.x >= frame.width - mx || p.y >= frame.height - my);
}

/** How fast the palm moved from `a` to `b`, in palm sizes a second (0 when no time passed). */
export function palmSpeed(
  a: { timeMs: number; x: number; y: number; size: number },
  b: { timeMs: number; x: number; y: number; size: number },
): number {
  const dt = (b.timeMs - a.timeMs) / 1000;
  if (!(dt > 0)) return 0;
  const size = Math.max(1e-6, (a.size + b.size) / 2);
  return Math.hypot(b.x - a.x, b.y - a.y) / size / dt;
}

/** Centre of the palm (wrist and the four knuckles) and its size (wrist to middle knuckle), in pixels. */
export function palmOf(lm: readonly Landmark[]): { x: number; y: number; size: number } {
  const ids = [0, 5, 9, 13, 17];
  const x = ids.reduce((s, i) => s + lm[i]!.x, 0) / ids.length;
  const y = ids.reduce((s, i) => s + lm[i]!.y, 0) / ids.length;
  const size = Math.hypot(lm[0]!.x - lm[9]!.x, lm[0]!.y - lm[9]!.y);
  return { x, y, size };
}
