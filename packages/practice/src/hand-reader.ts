import type { DetectedHand, PracticeTarget } from '@asl/protocol';
import {
  classify,
  differences,
  handshapeInput,
  handState,
  hintFor,
  MotionDetector,
  Stabilizer,
  holdSureThreshold,
  targetDoubtThreshold,
  templateFor,
  type Classification,
  type ClassSet,
  type Handedness,
  type Landmark,
} from '@asl/recognition';
import { ADJUST, AdjustAdvisor, atFrameEdge, palmOf } from './adjust.js';
import { isMotionLetter } from './attempts.js';
import type { PracticeFrame, TargetCheck } from './frame.js';
import { looksLikeHint } from './praise.js';
import { LostStrokeWatch } from './lost-stroke.js';

export interface HandReadout {
  /** what the engine is told (PracticeEngine.frame) */
  frame: PracticeFrame;
  /** the frame's own reading, for the live display */
  prediction: { label: string | null; confidence: number; sure: boolean } | null;
}

/** How long the reading of a held handshape is averaged to decide whether it is sure (ms). */
export const SURE_WINDOW_MS = 500;

/**
 * Per-learner reading of the hand over time, for the practice engine: classify each frame
 * (restricted to the target's letters or digits), smooth it, compare the hand with the
 * target's template, and spot J and Z from the fingertip's path. Counting is the engine's job.
 *
 * Whether the reading is sure is decided on the hold, not on one frame: the calibrated
 * probability of the leading handshape, averaged over the last SURE_WINDOW_MS, against the
 * recogniser's threshold for a hold (holdSureThreshold, fitted on held signs of the validation
 * signers; a hold's mean sits lower than a single answer's confidence). A webcam's frames of one
 * still hand give readings that scatter (the tracked crop moves by a pixel, the landmarks follow),
 * so a hand read at 0.90-0.94 would otherwise flicker between sure and not sure and never be held
 * sure for long enough.
 *
 * The letter asked for gets the benefit of the doubt (target-doubt.ts): a hold read as another
 * letter is not sure while the asked letter's own probability, averaged over the same frames, is
 * at least `doubt`. The learner is asked to adjust and nothing is counted, rather than told that
 * a sign the recogniser also reads as possibly the asked letter "looks more like" another.
 */
export class HandReader {
  private readonly stabilizer = new Stabilizer();
  private readonly motion = new MotionDetector();
  private readonly advisor = new AdjustAdvisor();
  private readonly lostStroke = new LostStrokeWatch();
  private window: Array<{ timeMs: number; label: string; p: number; asked: string | null; pTarget: number }> = [];

  constructor(
    private readonly threshold: number = holdSureThreshold(),
    private readonly doubt: number = targetDoubtThreshold(),
  ) {}

  reset(): void {
    this.stabilizer.reset();
    this.motion.reset();
    this.advisor.reset();
    this.lostStroke.reset();
    this.window = [];
  }

  /**
   * One frame: its hands (landmarks in the frame's pixels) and, when known, the frame's size
   * (for advice such as "move closer").
   */
  read(
    timeMs: number,
    hands: DetectedHand[],
    target: Pick<PracticeTarget, 'letter' | 'kind'> | null,
    frameSize: { width: number; height: number } | null = null,
  ): HandReadout {
    const hand = hands[0] ?? null;
    const classes: ClassSet = target ? (target.kind === 'digit' ? 'digits' : 'letters') : 'all';
    const input = hand ? handshapeInput(hand) : null;
    const c: Classification | null = input ? classify(input.landmarks, input.handedness, classes) : null;
    const st = this.stabilizer.update(timeMs, c ? c.probabilities : null);
    const motion = this.motion.push({
      timeMs,
      landmarks: input?.landmarks ?? null,
      handedness: input?.handedness ?? 'Right',
    });
    // J and Z are drawn, not read from a held shape: no doubt toward them, no palm to turn
    const asked = target && !isMotionLetter(target.letter) ? target.letter : null;
    const advice = this.advisor.push(timeMs, input?.landmarks ?? null, frameSize, asked);
    // a J or Z asked for, and the hand lost in the middle of a fast stroke: draw it more slowly
    const palm = input ? palmOf(input.landmarks) : null;
    const lost = this.lostStroke.push(
      timeMs,
      input && palm ? { ...palm, atEdge: atFrameEdge(input.landmarks, frameSize, LOST_AT_EDGE) } : null,
      motion !== null,
    );
    const drawnTooFast = lost && target !== null && isMotionLetter(target.letter);
    const prediction = c
      ? { label: c.label, confidence: round(c.confidence), sure: c.sure } // one answer: the classifier's own threshold
      : null;
    if (!input || !c) {
      this.window = [];
      return { frame: { timeMs, hand: null }, prediction };
    }
    const pTarget = asked ? (c.probabilities[asked] ?? 0) : 0;
    const held =
      st.candidate === null
        ? null
        : this.held(timeMs, st.candidate, c.probabilities[st.candidate] ?? 0, asked, pTarget);
    const doubted = held !== null && asked !== null && st.candidate !== asked && held.pTarget >= this.doubt;
    // a hand cut off at the picture's edge is read from the fingers in view: read as the letter
    // asked it counts, read as another it is not sure (the learner is told to come into view)
    const cutOff = advice === ADJUST.outOfView && asked !== null && st.candidate !== asked;
    const sure = held !== null && held.p >= this.threshold && !doubted && !cutOff;
    const check = target
      ? checkTarget(target.letter, input.landmarks, input.handedness, st.candidate ?? c.label)
      : null;
    // a hold doubted toward the asked letter, nothing else standing out: what to change to make it,
    // when the asked letter's template says
    const general = advice === ADJUST.other || advice === ADJUST.otherAsPictured;
    const adjust = doubted && general && check && !check.matches ? check.hint : advice;
    return {
      prediction,
      frame: {
        timeMs,
        hand: {
          label: st.candidate,
          confidence: round(st.confidence),
          sure,
          ...(sure ? {} : { adjust }),
          at: position(palm!),
          motion,
          check,
          ...(drawnTooFast ? { drawnTooFast } : {}),
        },
      },
    };
  }

  /**
   * The leading handshape's probability, averaged over the window's frames it led, and the asked
   * letter's over those of them read while that letter was asked (the target moves on at once).
   */
  private held(
    timeMs: number,
    label: string,
    p: number,
    asked: string | null,
    pTarget: number,
  ): { p: number; pTarget: number } {
    this.window.push({ timeMs, label, p, asked, pTarget });
    while (this.window.length > 1 && timeMs - this.window[0]!.timeMs > SURE_WINDOW_MS) this.window.shift();
    const same = this.window.filter((w) => w.label === label);
    const asking = same.filter((w) => w.asked === asked);
    const mean = (ws: typeof same, f: (w: (typeof same)[number]) => number) =>
      ws.reduce((s, w) => s + f(w), 0) / ws.length;
    return { p: mean(same, (w) => w.p), pTarget: mean(asking, (w) => w.pTarget) };
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

/** A hand lost with a landmark this close to the frame's edge (share of its side) left the picture. */
const LOST_AT_EDGE = 0.02;

/** The palm's centre and size, rounded as the engine is told them. */
function position({ x, y, size }: { x: number; y: number; size: number }): { x: number; y: number; size: number } {
  return { x: round(x), y: round(y), size: round(size) };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
