import type { DetectedHand } from '@asl/protocol';
import { classify, type Classification } from '../handshape/classifier.js';
import type { ClassSet } from '../handshape/labels.js';
import { MotionDetector } from '../handshape/motion.js';
import type { Handedness, Landmark } from '../handshape/normalize.js';
import { Stabilizer } from '../handshape/stabilizer.js';

/** The wire shape of a hand ([x,y,z] tuples, lower-case side) as the handshape modules take it. */
export function handshapeInput(hand: DetectedHand): { landmarks: Landmark[]; handedness: Handedness } {
  return {
    landmarks: hand.landmarks.map(([x, y, z]) => ({ x, y, z })),
    handedness: hand.handedness === 'left' ? 'Left' : 'Right',
  };
}

export interface WatchResult {
  /** The frame's own reading (for the live display). */
  prediction: { label: string | null; confidence: number } | null;
  classification: Classification | null;
  hand: DetectedHand | null;
  /** A handshape held steadily long enough to count, reported once per hold. */
  committed: { label: string; confidence: number; heldMs: number } | null;
  /** J or Z drawn in the air with the matching handshape. */
  motion: 'J' | 'Z' | null;
  heldMs: number;
}

/**
 * Per-connection reading of the learner's hand over time: classify each frame (restricted to
 * the target's letters or digits), smooth it, commit a letter once it is held steadily,
 * and spot J and Z from the fingertip's path.
 */
export class LetterWatcher {
  private readonly stabilizer: Stabilizer;
  private readonly motion = new MotionDetector();

  constructor(holdMs = 400) {
    this.stabilizer = new Stabilizer({ holdMs });
  }

  reset(): void {
    this.stabilizer.reset();
    this.motion.reset();
  }

  push(timeMs: number, hands: DetectedHand[], classes: ClassSet): WatchResult {
    const hand = hands[0] ?? null;
    const input = hand ? handshapeInput(hand) : null;
    const classification = input ? classify(input.landmarks, input.handedness, classes) : null;
    const st = this.stabilizer.update(timeMs, classification ? classification.probabilities : null);
    const motion = this.motion.push({
      timeMs,
      landmarks: input?.landmarks ?? null,
      handedness: input?.handedness ?? 'Right',
    });
    return {
      prediction: classification ? { label: classification.label, confidence: round(classification.confidence) } : null,
      classification,
      hand,
      committed:
        st.committed && st.label ? { label: st.label, confidence: round(st.confidence), heldMs: st.heldMs } : null,
      motion,
      heldMs: st.heldMs,
    };
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000;
