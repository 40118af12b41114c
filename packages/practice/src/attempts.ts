/**
 * What counts as an attempt: a change of the learner's hand, not a timer.
 *
 * - A handshape held steadily for `holdMs` is one attempt, once per hold.
 * - After an attempt, that handshape is spent: held on (into the next target, or a wrong shape
 *   kept up), it counts nothing more. It counts again only after the hand changes: another
 *   handshape (or no clear one) for `changeMs`, the hand out of view for `goneMs`, or, when the
 *   target is that same letter again (the two L of HELLO), a bounce of the hand.
 * - J and Z are drawn: only the drawing (`motion`) is an attempt at them. Their handshape held
 *   still is "motion pending", a hint that never counts.
 * - A reading the recogniser is not sure of is never an attempt: the learner is asked to adjust.
 */
import type { HandReading, MotionLetter, PracticeFrame } from './frame.js';

export interface AttemptRules {
  /** how long a handshape is held before it counts (ms) */
  holdMs: number;
  /** how long another reading must last to end a spent hold (ms) */
  changeMs: number;
  /** how long the hand must be out of view to end a spent hold (ms) */
  goneMs: number;
  /** how far the hand must move (in palm sizes) for a doubled letter's second hold */
  bounce: number;
  /** how long a hand in view may read as no clear handshape before the learner is told what to adjust (ms) */
  unclearMs: number;
}

export const DEFAULT_ATTEMPT_RULES: AttemptRules = {
  holdMs: 400,
  changeMs: 250,
  goneMs: 200,
  bounce: 0.5,
  unclearMs: 1000,
};

/** The handshape J and Z are drawn with, when no template check is given. */
export const MOTION_BASE: Record<MotionLetter, string> = { J: 'I', Z: 'D' };

export const isMotionLetter = (l: string | null | undefined): l is MotionLetter => l === 'J' || l === 'Z';

/**
 * A digit and a letter made with one handshape (0 and O, 2 and V, 6 and W, 9 and F) or one so near
 * that the recogniser reads each as the other (1 and D, 4 and B). The recogniser reads digits while
 * a digit is asked and letters while a letter is: the 0 just counted, still held when the next
 * target is C, reads as O, and was counted as a wrong try at C (the learner review of 2026-11-28).
 * A spent handshape is spent under both names.
 */
const SAME_HANDSHAPE: Readonly<Record<string, string>> = {
  '0': 'O',
  O: '0',
  '1': 'D',
  D: '1',
  '2': 'V',
  V: '2',
  '4': 'B',
  B: '4',
  '6': 'W',
  W: '6',
  '9': 'F',
  F: '9',
};

/** These handshapes under every name the recogniser may give them. */
function handshapes(labels: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const l of labels) {
    out.add(l);
    const twin = SAME_HANDSHAPE[l];
    if (twin) out.add(twin);
  }
  return out;
}

interface Base {
  label: string | null;
  confidence: number;
  heldMs: number;
}
export type HandOutcome =
  /** counted: the handshape (or the drawn letter) the learner made */
  | (Base & { kind: 'attempt'; label: string })
  /** J or Z's handshape held still: draw it now, or, `tooFast`, draw it more slowly (not counted) */
  | (Base & { kind: 'motion_pending'; letter: MotionLetter; tooFast?: boolean })
  /** the recogniser is not sure: adjust (not counted) */
  | (Base & { kind: 'adjust'; adjust: string | null });

type Told = HandOutcome['kind'] | 'too_fast';

export class AttemptTracker {
  readonly rules: AttemptRules;
  private holding = false;
  private cur: string | null = null;
  private since = 0;
  private sureSince: number | null = null;
  private told = new Set<Told>();
  private spent: { labels: Set<string>; at: HandReading['at'] } | null = null;
  private changeSince: number | null = null;
  private goneSince: number | null = null;

  constructor(rules: Partial<AttemptRules> = {}) {
    this.rules = { ...DEFAULT_ATTEMPT_RULES, ...rules };
  }

  /** Forgets everything (a new session). */
  reset(): void {
    this.holding = false;
    this.spent = null;
    this.changeSince = null;
    this.goneSince = null;
    this.told.clear();
  }

  /** Starts the current hold over (a control action) but keeps what must change first. */
  restartHold(): void {
    this.holding = false;
    this.told.clear();
  }

  /**
   * These handshapes were just counted elsewhere (the engine this one took over from): held on,
   * they count nothing until the hand changes. Where the hand is is taken from its next frame.
   */
  spend(labels: readonly string[]): void {
    this.spent = { labels: handshapes(labels), at: null };
    this.changeSince = null;
  }

  /** The shape being held is spent (does not count again until the hand changes). */
  get spentLabels(): string[] {
    return this.spent ? [...this.spent.labels] : [];
  }

  push(f: PracticeFrame, target: string | null): HandOutcome | null {
    const t = f.timeMs;
    const h = f.hand;
    const r = this.rules;
    if (!h) {
      this.goneSince ??= t;
      if (t - this.goneSince >= r.goneMs) {
        this.spent = null;
        this.changeSince = null;
        this.holding = false;
      }
      return null;
    }
    this.goneSince = null;
    const label = h.label;
    const sure = h.sure !== false;
    if (!this.holding || label !== this.cur) this.startHold(t, label, sure);
    else if (!sure) this.sureSince = null;
    else this.sureSince ??= t;

    const spent = this.spent;
    // spent elsewhere (spend): the hand's place is known from its first frame here
    if (spent && spent.at === null && h.at) spent.at = h.at;
    if (spent) {
      if (label === null || !spent.labels.has(label)) {
        this.changeSince ??= t;
        if (t - this.changeSince >= r.changeMs) {
          this.spent = null;
          this.changeSince = null;
        }
      } else {
        this.changeSince = null;
        if (target !== null && spent.labels.has(target) && moved(h.at, spent.at, r.bounce)) {
          // a doubled letter: the same shape again after a bounce of the hand
          this.spent = null;
          this.startHold(t, label, sure);
        }
      }
    }

    const motionTarget = isMotionLetter(target);
    if (motionTarget && h.motion) {
      // a drawn letter is an attempt of its own; the handshape it ends in is spent with it
      this.spent = { labels: handshapes(label ? [h.motion, label] : [h.motion]), at: h.at ?? null };
      this.changeSince = null;
      this.told.add('attempt');
      return { kind: 'attempt', label: h.motion, confidence: h.confidence, heldMs: t - this.since };
    }
    if (motionTarget && h.drawnTooFast && !this.told.has('too_fast')) {
      // the hand came back after a stroke too fast for the camera: say so once, count nothing
      // (it stands for the hint to draw the letter, which would otherwise replace it a moment later)
      this.told.add('too_fast');
      this.told.add('motion_pending');
      return { kind: 'motion_pending', letter: target, tooFast: true, label, confidence: h.confidence, heldMs: 0 };
    }
    if (label === null) {
      // a hand in view that reads as no clear handshape for a while: say what to adjust, once
      const unclearMs = t - this.since;
      if (unclearMs < r.unclearMs || this.told.has('adjust')) return null;
      this.told.add('adjust');
      return { kind: 'adjust', label: null, confidence: h.confidence, heldMs: unclearMs, adjust: h.adjust ?? null };
    }
    if (this.spent?.labels.has(label)) return null;

    const heldMs = t - this.since;
    if (heldMs < r.holdMs) return null;
    const base = { label, confidence: h.confidence, heldMs };
    if (!sure) {
      if (this.told.has('adjust')) return null;
      this.told.add('adjust');
      return { ...base, kind: 'adjust', adjust: h.adjust ?? null };
    }
    if (this.sureSince === null || t - this.sureSince < r.holdMs) return null;
    if (motionTarget) {
      const shapeReady = h.check ? h.check.matches : label === MOTION_BASE[target] || label === target;
      if (shapeReady) {
        if (this.told.has('motion_pending')) return null;
        this.told.add('motion_pending');
        return { ...base, kind: 'motion_pending', letter: target };
      }
    }
    if (this.told.has('attempt')) return null;
    this.told.add('attempt');
    this.spent = { labels: handshapes([label]), at: h.at ?? null };
    this.changeSince = null;
    return { ...base, kind: 'attempt' };
  }

  private startHold(t: number, label: string | null, sure: boolean): void {
    this.holding = true;
    this.cur = label;
    this.since = t;
    this.sureSince = sure ? t : null;
    this.told.clear();
  }
}

function moved(a: HandReading['at'], b: HandReading['at'], bounce: number): boolean {
  if (!a || !b) return false;
  const size = Math.max(1e-6, (a.size + b.size) / 2);
  return Math.hypot(a.x - b.x, a.y - b.y) / size >= bounce;
}
