/**
 * What the practice engine is told about each frame: the recogniser's reading of the hand,
 * already smoothed over time (see hand-reader.ts), in plain data so tests can script it.
 */

export type MotionLetter = 'J' | 'Z';

/** How the hand compares with the current target's handshape template. */
export interface TargetCheck {
  /** the fingers match the target's template (for J and Z: the handshape the letter is drawn with) */
  matches: boolean;
  /** what to change to reach the target (when it does not match) */
  hint: string;
}

export interface HandReading {
  /** the handshape that leads the smoothed reading; null while none leads clearly */
  label: string | null;
  confidence: number;
  /**
   * false: the recogniser is not confident in this reading, so practice asks for an
   * adjustment instead of naming a letter, and counts nothing. Missing means sure.
   */
  sure?: boolean;
  /** what the learner could adjust when the reading is not sure (hold still, move closer, ...) */
  adjust?: string | null;
  /** where the hand is: its centre and palm size in pixels (a doubled letter is a bounce of the hand) */
  at?: { x: number; y: number; size: number } | null;
  /** a J or Z drawn in the air, completed at this frame */
  motion?: MotionLetter | null;
  /** the hand compared with the current target */
  check?: TargetCheck | null;
  /** J or Z asked for, and the hand was lost in the middle of a fast stroke (lost-stroke.ts): draw it more slowly */
  drawnTooFast?: boolean;
}

export interface PracticeFrame {
  timeMs: number;
  /** null: no hand in view */
  hand: HandReading | null;
}
