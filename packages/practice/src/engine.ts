/**
 * The practice engine: walks a story's letters, decides from the learner's hand what is an
 * attempt (attempts.ts), and says what to tell the learner. Pure: no clock, no storage; the
 * server adds persistence (apps/server/src/practice), the browser its offline log.
 */
import type { AslFeedbackData, PracticeTarget, Story } from '@asl/protocol';
import { AttemptTracker, isMotionLetter, type AttemptRules } from './attempts.js';
import type { PracticeFrame } from './frame.js';
import {
  ADJUST_HINT,
  DRAW_SLOWER_HINT,
  looksLikeHint,
  MOTION_PENDING_HINT,
  praiseFor,
  wrongMotionHint,
} from './praise.js';
import { firstTargetOfNextSentence, firstTargetOfWord, storyTargets, targetIndexOf } from './targets.js';

export type FeedbackKind = 'attempt' | 'motion_pending' | 'adjust';

export interface PracticeEvent {
  /** attempt: counted; motion_pending (J/Z handshape held, draw it now) and adjust (not sure) are hints */
  kind: FeedbackKind;
  target: PracticeTarget;
  detected: string | null;
  confidence: number;
  correct: boolean;
  /** whether this counts as an attempt at the letter */
  counted: boolean;
  /** the first counted attempt at this letter of the story */
  firstTry: boolean;
  hint: string;
  heldMs: number;
  /** the target moved on (a correct attempt) */
  advanced: boolean;
  /** every letter of the story is signed */
  finished: boolean;
}

/** The asl_feedback payload (without the session state) that says an event to the learner. */
export function feedbackData(e: PracticeEvent): AslFeedbackData {
  return {
    target: e.target.letter,
    detected: e.detected,
    confidence: e.confidence,
    correct: e.correct,
    hint: e.hint,
    held_ms: e.heldMs,
    kind: e.kind,
    counted: e.counted,
  };
}

export type Position = Pick<PracticeTarget, 'sentence_index' | 'word_index' | 'letter_index'>;

export interface PracticeEngineOptions {
  /** where to start (a resumed session); the first letter otherwise */
  from?: Position | null;
  /**
   * Handshapes just counted before `from` by another engine (live practice handing over to the
   * device when the connection drops): held on, they count nothing until the hand changes, as if
   * this engine had counted them.
   */
  spent?: readonly string[];
  /**
   * The letters of the story already signed (a resumed session's right attempts); without it,
   * every letter before `from` counts as signed.
   */
  signed?: readonly Position[];
  rules?: Partial<AttemptRules>;
}

export class PracticeEngine {
  readonly targets: PracticeTarget[];
  private i = 0;
  private readonly tracker: AttemptTracker;
  /** letters (target indexes) with a counted attempt in this run */
  private readonly tried = new Set<number>();
  /** letters (target indexes) signed right: a letter skipped (Next Sentence) is not done */
  private readonly signed = new Set<number>();
  /** where the last counted attempt moved from, to take it back (undoLast) */
  private lastCounted: { i: number; tried: boolean; signed: boolean } | null = null;

  constructor(
    readonly story: Pick<Story, 'sentences'>,
    opts: PracticeEngineOptions = {},
  ) {
    this.targets = storyTargets(story);
    this.tracker = new AttemptTracker(opts.rules);
    if (opts.from) this.moveTo(opts.from, !opts.signed);
    this.markSigned(opts.signed ?? []);
    this.spend(opts.spent ?? []);
  }

  get rules(): AttemptRules {
    return this.tracker.rules;
  }

  /** The handshapes just counted and perhaps still held: they count nothing until the hand changes. */
  get spent(): string[] {
    return this.tracker.spentLabels;
  }

  /** Handshapes counted elsewhere just now (the device, before the hand-back): they count nothing until the hand changes. */
  spend(labels: readonly string[]): void {
    if (labels.length) this.tracker.spend(labels);
  }

  get index(): number {
    return this.i;
  }

  /** The letter to sign, or null when the story is done. */
  get target(): PracticeTarget | null {
    return this.targets[this.i] ?? null;
  }

  /** Letters signed right (not those skipped). */
  get lettersDone(): number {
    return this.signed.size;
  }

  get lettersTotal(): number {
    return this.targets.length;
  }

  get finished(): boolean {
    return this.i >= this.targets.length;
  }

  /** One frame of the learner's hand: what to tell them, or null when nothing new. */
  frame(f: PracticeFrame): PracticeEvent | null {
    const target = this.target;
    if (!target) return null;
    const out = this.tracker.push(f, target.letter);
    if (!out) return null;
    const base = {
      target,
      detected: out.label,
      confidence: round(out.confidence),
      heldMs: Math.round(out.heldMs),
      advanced: false,
      finished: false,
    };
    if (out.kind === 'motion_pending')
      return {
        ...base,
        kind: out.kind,
        correct: false,
        counted: false,
        firstTry: false,
        hint: out.tooFast ? DRAW_SLOWER_HINT[out.letter] : MOTION_PENDING_HINT[out.letter],
      };
    if (out.kind === 'adjust')
      // not sure of the hand: no letter is named
      return {
        ...base,
        kind: out.kind,
        detected: null,
        correct: false,
        counted: false,
        firstTry: false,
        hint: out.adjust ?? ADJUST_HINT,
      };

    const correct = out.label === target.letter;
    const firstTry = !this.tried.has(this.i);
    this.lastCounted = { i: this.i, tried: !firstTry, signed: this.signed.has(this.i) };
    this.tried.add(this.i);
    let hint: string;
    if (correct) hint = praiseFor(target);
    else if (isMotionLetter(out.label) && isMotionLetter(target.letter))
      hint = wrongMotionHint(out.label, target.letter);
    else {
      const check = f.hand?.check;
      hint = check && !check.matches ? check.hint : looksLikeHint(out.label, target.letter);
    }
    if (correct) this.signed.add(this.i++);
    return {
      ...base,
      kind: 'attempt',
      correct,
      counted: true,
      firstTry,
      hint,
      advanced: correct,
      finished: correct && this.finished,
    };
  }

  /**
   * Takes back the attempt the last frame counted (its save failed): the letter is asked again, as
   * if it had not been tried. The hand must still change before it counts again.
   */
  undoLast(): void {
    const u = this.lastCounted;
    if (!u) return;
    this.lastCounted = null;
    this.i = u.i;
    if (!u.tried) this.tried.delete(u.i);
    if (!u.signed) this.signed.delete(u.i);
  }

  /** Back to the first letter of the current word; the hand must change before it counts again. */
  tryAgain(): void {
    this.i = firstTargetOfWord(this.targets, this.i);
    this.tracker.restartHold();
  }

  /** Skips to the next sentence; true when there is none (the story is done). */
  nextSentence(): boolean {
    const t = this.targets[this.i];
    const next = t ? firstTargetOfNextSentence(this.targets, t.sentence_index) : -1;
    this.i = next < 0 ? this.targets.length : next;
    this.tracker.restartHold();
    return this.finished;
  }

  /**
   * Moves to a letter of the story; unknown positions are ignored (false). With `signedBefore`,
   * the letters before it count as signed (where another engine, offline, got to).
   */
  moveTo(pos: Position, signedBefore = false): boolean {
    const i = targetIndexOf(this.targets, {
      sentenceIndex: pos.sentence_index,
      wordIndex: pos.word_index,
      letterIndex: pos.letter_index,
    });
    if (i < 0) return false;
    this.i = i;
    if (signedBefore) for (let k = 0; k < i; k++) this.signed.add(k);
    this.tracker.restartHold();
    return true;
  }

  /** Counts letters as signed (right attempts made elsewhere: a resumed session, the device); unknown positions are ignored. */
  markSigned(positions: readonly Position[]): void {
    for (const pos of positions) {
      const i = targetIndexOf(this.targets, {
        sentenceIndex: pos.sentence_index,
        wordIndex: pos.word_index,
        letterIndex: pos.letter_index,
      });
      if (i >= 0) this.signed.add(i);
    }
  }

  /** Moves past the end (the session was saved as done). */
  end(): void {
    this.i = this.targets.length;
  }

  /** From the first letter again, as a new run. */
  restart(): void {
    this.i = 0;
    this.tried.clear();
    this.signed.clear();
    // the handshape held as the learner pressed Restart does not count against the first letter
    this.tracker.restartHold();
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000;
