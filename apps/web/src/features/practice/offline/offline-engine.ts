/**
 * Story practice without the server: the same rules as apps/server/src/practice/live-practice.ts
 * and practice-session.ts (targets, held-letter watcher, feedback, scoring from @asl/recognition),
 * answering with the same live message shapes so the story panel renders identically, and
 * recording what happened as an OfflinePracticeLog for the sync queue.
 */
import type {
  AslFeedbackData,
  ControlAction,
  DetectedHand,
  PracticeState,
  PracticeTarget,
  ReceivedLiveMessage,
  ServerMessageType,
  SessionCompleteData,
  Story,
} from '@asl/protocol';
import {
  feedbackFor,
  firstTargetOfNextSentence,
  firstTargetOfWord,
  handshapeInput,
  LetterWatcher,
  MAX_ACTIVE_GAP_MS,
  praiseFor,
  storyTargets,
  summarise,
  targetIndexOf,
} from '../../../lib/recognition/practice-rules';
import type { OfflinePracticeLog, PracticeDataSink } from './practice-log';

export interface LocalFrameInput {
  hands: DetectedHand[];
  width: number;
  height: number;
  /** performance.now() of the frame */
  timeMs: number;
}

export interface OfflineEngineOptions {
  story: Story;
  /** where to continue (the learner's place when the connection dropped); the start otherwise */
  from?: Pick<PracticeTarget, 'sentence_index' | 'word_index' | 'letter_index'> | null;
  /** the server session being continued, if any (kept in the log and the shown state) */
  serverSessionId?: string | null;
  holdMs?: number;
  onPracticeData: PracticeDataSink;
  emit(msg: ReceivedLiveMessage): void;
  now?: () => number;
  uuid?: () => string;
}

export class OfflinePracticeEngine {
  private readonly targets: PracticeTarget[];
  private readonly watcher: LetterWatcher;
  private readonly now: () => number;
  private readonly uuid: () => string;
  private index = 0;
  private status: PracticeState['status'] = 'active';
  private log: OfflinePracticeLog;
  private sessionId: string;
  private activeMs = 0;
  private activeSince: number;
  private handedOver = false;
  private frameNumber = 0;

  constructor(private readonly opts: OfflineEngineOptions) {
    this.now = opts.now ?? (() => Date.now());
    this.uuid = opts.uuid ?? (() => crypto.randomUUID());
    this.targets = storyTargets(opts.story);
    this.watcher = new LetterWatcher(opts.holdMs ?? 400);
    if (opts.from) {
      const i = targetIndexOf(this.targets, {
        sentenceIndex: opts.from.sentence_index,
        wordIndex: opts.from.word_index,
        letterIndex: opts.from.letter_index,
      });
      this.index = i < 0 ? 0 : i;
    }
    this.log = this.newLog(opts.serverSessionId ?? null);
    this.sessionId = opts.serverSessionId ?? this.log.client_id;
    this.activeSince = this.now();
  }

  get target(): PracticeTarget | null {
    return this.status === 'active' ? (this.targets[this.index] ?? null) : null;
  }

  /** The practice log so far (a copy). */
  get practiceLog(): OfflinePracticeLog {
    return { ...this.log, attempts: [...this.log.attempts] };
  }

  state(): PracticeState {
    const t = this.target;
    return {
      session_id: this.sessionId,
      story_id: this.opts.story.id,
      status: this.status,
      sentence_index: t?.sentence_index ?? Math.max(0, this.opts.story.sentences.length - 1),
      target: t,
      letters_done: Math.min(this.index, this.targets.length),
      letters_total: this.targets.length,
    };
  }

  /** Announces the session as the server's start_session answer does. */
  start(): void {
    this.emit('practice_session_response', {
      data: { ...this.state(), story: this.opts.story, resumed: !!this.opts.from },
    });
  }

  control(action: Exclude<ControlAction, 'start_session'>): void {
    if (this.status !== 'active') {
      this.emit('control_response', {
        data: { action, success: false, state: null },
        message: 'Start a practice session first.',
      });
      return;
    }
    this.watcher.reset();
    switch (action) {
      case 'try_again':
        this.index = firstTargetOfWord(this.targets, this.index);
        this.move();
        break;
      case 'next_sentence': {
        const t = this.targets[this.index];
        const next = t ? firstTargetOfNextSentence(this.targets, t.sentence_index) : -1;
        this.index = next < 0 ? this.targets.length : next;
        this.move();
        if (this.index >= this.targets.length) return this.finish(action);
        break;
      }
      case 'restart_story':
        this.status = 'restarted';
        this.handOver(null);
        this.status = 'active';
        this.index = 0;
        this.log = this.newLog(null);
        this.sessionId = this.log.client_id;
        this.handedOver = false;
        this.activeMs = 0;
        this.activeSince = this.now();
        break;
      case 'complete_story':
        return this.finish(action);
      case 'stop_session':
        this.status = 'stopped';
        this.move();
        this.emit('control_response', { data: { action, success: true, state: this.state() } });
        this.handOver(null);
        return;
    }
    this.emit('control_response', { data: { action, success: true, state: this.state() } });
  }

  /** One recognised frame: the landmarks for the overlay, and feedback once a letter is held. */
  frame(f: LocalFrameInput): void {
    const target = this.target;
    const classes = target ? (target.kind === 'digit' ? 'digits' : 'letters') : 'all';
    const seen = this.watcher.push(f.timeMs, f.hands, classes);
    this.emit('processed_frame', {
      data: { hands: f.hands, width: f.width, height: f.height, prediction: seen.prediction },
      frame_number: this.frameNumber++,
    });
    if (!target || !seen.hand || !seen.classification) return;

    const motionTarget = target.letter === 'J' || target.letter === 'Z';
    let attempt: { label: string; confidence: number; heldMs: number } | null = null;
    if (motionTarget && seen.motion)
      attempt = { label: seen.motion, confidence: seen.prediction?.confidence ?? 0, heldMs: seen.heldMs };
    else if (seen.committed) attempt = seen.committed;
    if (!attempt) return;

    const input = handshapeInput(seen.hand);
    const fb = feedbackFor(target.letter, input.landmarks, input.handedness, seen.classification);
    const correct = attempt.label === target.letter;
    // Holding J's or Z's handshape still is half the letter: say what to do, count nothing yet.
    const halfMotion = motionTarget && !correct && fb.hint.includes('now draw');
    const feedback: AslFeedbackData = {
      target: target.letter,
      detected: attempt.label,
      confidence: attempt.confidence,
      correct,
      hint: correct ? praiseFor(target) : fb.hint,
      held_ms: Math.round(attempt.heldMs),
    };
    if (halfMotion) {
      this.emit('asl_feedback', { data: { ...feedback, state: this.state() } });
      return;
    }
    this.log.attempts.push({
      client_id: this.uuid(),
      sentence_index: target.sentence_index,
      word_index: target.word_index,
      letter_index: target.letter_index,
      target: target.letter,
      detected: feedback.detected,
      correct,
      confidence: feedback.confidence,
      held_ms: feedback.held_ms,
      at: new Date(this.now()).toISOString(),
      hint: feedback.hint,
    });
    if (correct) {
      this.index++;
      this.move();
      this.watcher.reset();
    }
    this.emit('asl_feedback', { data: { ...feedback, state: this.state() } });
    if (correct && this.index >= this.targets.length) this.finish('complete_story');
  }

  /**
   * Ends offline practice without finishing the story (the connection is back, or the learner
   * left): the log so far goes to the sync queue. Safe to call more than once.
   */
  close(): void {
    this.handOver(null);
  }

  private finish(action: string): void {
    this.status = 'completed';
    this.move();
    const summary: SessionCompleteData = {
      session_id: this.sessionId,
      story_id: this.opts.story.id,
      duration_ms: Math.round(this.activeMs),
      ...summarise(this.log.attempts),
    };
    this.emit('control_response', { data: { action, success: true, state: this.state() } });
    this.emit('session_complete', { data: summary, message: summary.completion_message });
    this.handOver(new Date(this.now()).toISOString());
  }

  private move(): void {
    const now = this.now();
    this.activeMs += Math.min(now - this.activeSince, MAX_ACTIVE_GAP_MS);
    this.activeSince = now;
  }

  private handOver(completedAt: string | null): void {
    if (this.handedOver) return;
    this.handedOver = true;
    // An empty, unfinished log carries nothing for the learner's progress.
    if (!completedAt && this.log.attempts.length === 0) return;
    this.opts.onPracticeData({ ...this.log, completed_at: completedAt, attempts: [...this.log.attempts] });
  }

  private newLog(serverSessionId: string | null): OfflinePracticeLog {
    return {
      client_id: this.uuid(),
      story_id: this.opts.story.id,
      server_session_id: serverSessionId,
      started_at: new Date(this.now()).toISOString(),
      completed_at: null,
      attempts: [],
    };
  }

  private emit(type: ServerMessageType, m: { data: unknown; message?: string; frame_number?: number }): void {
    this.opts.emit({
      type,
      data: m.data,
      ...(m.message ? { message: m.message } : {}),
      message_id: this.uuid(),
      session_id: this.sessionId,
      metadata: {
        timestamp: new Date(this.now()).toISOString(),
        ...(m.frame_number !== undefined ? { frame_number: m.frame_number } : {}),
      },
      receivedAt: this.now(),
    });
  }
}
