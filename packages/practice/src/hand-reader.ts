import type { DetectedHand, PracticeTarget } from '@asl/protocol';
import {
  classify,
  differences,
  handshapeInput,
  handState,
  hintFor,
  MotionDetector,
  Stabilizer,
  templateFor,
  type Classification,
  type ClassSet,
  type Handedness,
  type Landmark,
} from '@asl/recognition';
import type { PracticeFrame, TargetCheck } from './frame.js';
import { looksLikeHint } from './praise.js';

export interface HandReadout {
  /** what the engine is told (PracticeEngine.frame) */
  frame: PracticeFrame;
  /** the frame's own reading, for the live display */
  prediction: { label: string | null; confidence: number } | null;
}

/** The recogniser's classification, with H5's `sure` flag when the classifier gives one. */
type MaybeSure = Classification & { sure?: boolean; adjust?: string | null };

/**
 * Per-learner reading of the hand over time, for the practice engine: classify each frame
 * (restricted to the target's letters or digits), smooth it, compare the hand with the
 * target's template, and spot J and Z from the fingertip's path. Counting is the engine's job.
 */
export class HandReader {
  private readonly stabilizer = new Stabilizer();
  private readonly motion = new MotionDetector();

  reset(): void {
    this.stabilizer.reset();
    this.motion.reset();
  }

  read(timeMs: number, hands: DetectedHand[], target: Pick<PracticeTarget, 'letter' | 'kind'> | null): HandReadout {
    const hand = hands[0] ?? null;
    const classes: ClassSet = target ? (target.kind === 'digit' ? 'digits' : 'letters') : 'all';
    const input = hand ? handshapeInput(hand) : null;
    const c: MaybeSure | null = input ? classify(input.landmarks, input.handedness, classes) : null;
    const st = this.stabilizer.update(timeMs, c ? c.probabilities : null);
    const motion = this.motion.push({
      timeMs,
      landmarks: input?.landmarks ?? null,
      handedness: input?.handedness ?? 'Right',
    });
    const prediction = c ? { label: c.label, confidence: round(c.confidence) } : null;
    if (!input || !c) return { frame: { timeMs, hand: null }, prediction };
    return {
      prediction,
      frame: {
        timeMs,
        hand: {
          label: st.candidate,
          confidence: round(st.confidence),
          ...(c.sure === undefined ? {} : { sure: c.sure }),
          ...(c.adjust ? { adjust: c.adjust } : {}),
          at: position(input.landmarks),
          motion,
          check: target ? checkTarget(target.letter, input.landmarks, input.handedness, st.candidate ?? c.label) : null,
        },
      },
    };
  }
}

/** The hand against the target's template: matching fingers, or the first thing to change. */
export function checkTarget(
  target: string,
  landmarks: readonly Landmark[],
  handedness: Handedness,
  detected: string,
): TargetCheck | null {
  const tpl = templateFor(target);
  if (!tpl) return null;
  const diffs = differences(tpl, handState(landmarks, handedness));
  const first = diffs[0];
  return first
    ? { matches: false, hint: hintFor(first, target) }
    : { matches: true, hint: looksLikeHint(detected, target) };
}

/** Centre of the palm (wrist and the four knuckles) and the palm's size, in pixels. */
function position(lm: readonly Landmark[]): { x: number; y: number; size: number } {
  const ids = [0, 5, 9, 13, 17];
  const x = ids.reduce((s, i) => s + lm[i]!.x, 0) / ids.length;
  const y = ids.reduce((s, i) => s + lm[i]!.y, 0) / ids.length;
  const size = Math.hypot(lm[0]!.x - lm[9]!.x, lm[0]!.y - lm[9]!.y);
  return { x: round(x), y: round(y), size: round(size) };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
