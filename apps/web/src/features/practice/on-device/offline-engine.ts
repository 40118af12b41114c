/**
 * Story practice without the server: the same practice engine as apps/server/src/practice
 * (@asl/practice: hand reader, attempts, feedback, scoring), answering with the same live
 * message shapes so the story panel renders identically, and recording what happened as an
 * OfflinePracticeLog for the sync queue.
 */
import type {
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
  HandReader,
  activeGap,
  feedbackData,
  PracticeEngine,
  positionKey,
  summarise,
  type PracticeEvent,
  type PracticeFrame,
  type ScoredAttempt,
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
  /** the handshape live practice counted last, perhaps still held: it does not count again here */
  spent?: readonly string[];
  /**
   * The attempts live practice counted in the session continued here (those the page saw): the
   * result counts them with the device's, so a story finished offline is the whole story. A letter
   * before `from` the page saw no attempt at (practised before a reload) counts as signed.
   */
  earlier?: readonly ScoredAttempt[];
  /**
   * How many letters the server counted signed when the connection dropped: when `earlier` holds
   * that many right letters, the page saw the whole session, and a letter before `from` with no
   * attempt was skipped (Next Sentence), not signed.
   */
  lettersDone?: number;
  /** the continued session's practice time before the drop (the server's `active_ms`): the result counts it too */
  earlierMs?: number;
  holdMs?: number;
  onPracticeData: PracticeDataSink;
  emit(msg: ReceivedLiveMessage): void;
  now?: () => number;
  uuid?: () => string;
}

export class OfflinePracticeEngine {
  private readonly engine: PracticeEngine;
  private readonly reader = new HandReader();
  private readonly now: () => number;
  private readonly uuid: () => string;
  private status: PracticeState['status'] = 'active';
  private log: OfflinePracticeLog;
  private sessionId: string;
  private activeMs = 0;
  private activeSince: number;
  /** the continued session's practice time before this engine (none after a restart) */
  private earlierMs: number;
  private handedOver = false;
  private frameNumber = 0;
  /** the continued session's attempts before this engine (none after a restart) */
  private earlier: ScoredAttempt[];

  constructor(private readonly opts: OfflineEngineOptions) {
    this.now = opts.now ?? (() => Date.now());
    this.uuid = opts.uuid ?? (() => crypto.randomUUID());
    const signed = signedSeen(opts.earlier ?? []);
    const sawAll = opts.lettersDone !== undefined && signed.length >= opts.lettersDone;
    this.engine = new PracticeEngine(opts.story, {
      from: opts.from ?? null,
      spent: opts.spent ?? [],
      rules: { holdMs: opts.holdMs ?? 400 },
      ...(sawAll ? { signed } : {}),
    });
    this.earlier = continuedAttempts(this.engine, opts.earlier ?? [], sawAll);
    this.log = this.newLog(opts.serverSessionId ?? null);
    this.sessionId = opts.serverSessionId ?? this.log.client_id;
    this.activeSince = this.now();
    this.earlierMs = opts.earlierMs ?? 0;
  }

  get target(): PracticeTarget | null {
    return this.status === 'active' ? this.engine.target : null;
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
      letters_done: this.engine.lettersDone,
      letters_total: this.engine.lettersTotal,
      active_ms: Math.round(this.earlierMs + this.activeMs),
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
    switch (action) {
      case 'try_again':
        this.engine.tryAgain();
        this.move();
        break;
      case 'next_sentence': {
        const finished = this.engine.nextSentence();
        this.move();
        if (finished) return this.finish(action);
        break;
      }
      case 'restart_story':
        this.status = 'restarted';
        this.handOver(null, 'restarted');
        this.status = 'active';
        this.engine.restart();
        this.reader.reset();
        this.log = this.newLog(null);
        this.earlier = [];
        this.earlierMs = 0;
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
        this.handOver(null, 'stopped');
        return;
    }
    this.emit('control_response', { data: { action, success: true, state: this.state() } });
  }

  /** One recognised frame: the landmarks for the overlay, and the engine's feedback when there is some. */
  frame(f: LocalFrameInput): void {
    const read = this.reader.read(f.timeMs, f.hands, this.target, { width: f.width, height: f.height });
    this.emit('processed_frame', {
      data: { hands: f.hands, width: f.width, height: f.height, prediction: read.prediction },
      frame_number: this.frameNumber++,
    });
    this.practise(read.frame);
  }

  /** One reading of the hand for the engine (what frame() reads from the landmarks); the event, if any. */
  practise(reading: PracticeFrame): PracticeEvent | null {
    if (!this.target) return null;
    const e = this.engine.frame(reading);
    if (!e) return null;
    const attemptId = e.counted ? this.uuid() : null;
    const feedback = { ...feedbackData(e), ...(attemptId ? { attempt_id: attemptId } : {}) };
    if (attemptId)
      this.log.attempts.push({
        client_id: attemptId,
        sentence_index: e.target.sentence_index,
        word_index: e.target.word_index,
        letter_index: e.target.letter_index,
        target: e.target.letter,
        detected: e.detected,
        correct: e.correct,
        confidence: e.confidence,
        held_ms: e.heldMs,
        at: new Date(this.now()).toISOString(),
        hint: e.hint,
      });
    if (e.counted) this.move(); // every attempt is a move: its time counts, right or wrong
    if (attemptId) this.checkpoint();
    this.emit('asl_feedback', { data: { ...feedback, state: this.state() } });
    if (e.finished) this.finish('complete_story');
    return e;
  }

  /**
   * "This feedback is wrong" on a wrong reading counted here: it no longer counts against the
   * learner (the log says so to the server). The live part this continues is the page's to mark
   * (`earlier` holds the page's own attempts). True when withdrawn.
   */
  withdraw(attemptId: string): boolean {
    const wrong = this.log.attempts.find((a) => !a.correct && a.client_id === attemptId);
    if (wrong) wrong.withdrawn = true;
    return !!wrong;
  }

  /**
   * Ends offline practice without finishing the story (the connection is back, or the learner
   * left): the log so far goes to the sync queue (settled once it is kept). Safe to call more than once.
   */
  close(): void | Promise<void> {
    return this.handOver(null);
  }

  private finish(action: string): void {
    const result = summarise([...this.earlier, ...this.log.attempts], this.engine.lettersTotal);
    this.status = result.completed ? 'completed' : 'ended_early';
    this.move();
    const summary: SessionCompleteData = {
      session_id: this.sessionId,
      story_id: this.opts.story.id,
      // the whole session's: the live part's time before the drop too
      duration_ms: Math.round(this.earlierMs + this.activeMs),
      ...result,
    };
    this.emit('control_response', { data: { action, success: true, state: this.state() } });
    this.emit('session_complete', { data: summary, message: summary.completion_message });
    this.handOver(new Date(this.now()).toISOString());
  }

  private move(): void {
    const now = this.now();
    this.activeMs += activeGap(this.activeSince, now);
    this.activeSince = now;
  }

  /**
   * The log so far to the sync queue after each attempt, as a piece the later ones complete (the
   * queue merges them by attempt): a reload or a closed tab loses at most the letter in progress.
   */
  private checkpoint(): void {
    if (!this.handedOver) void this.opts.onPracticeData(this.logSoFar(null));
  }

  /**
   * The log to the sync queue, once: at the end (finished, or `ended` restarted or stopped), or
   * when the connection returns or the learner leaves (neither).
   */
  private handOver(completedAt: string | null, ended?: 'restarted' | 'stopped'): void | Promise<void> {
    if (this.handedOver) return;
    this.handedOver = true;
    // A log with no attempt carries nothing for the learner's progress (and makes no session),
    // unless it ends the live session it continued (restarted or stopped here, as online).
    const endsLive = !!ended && this.log.server_session_id !== this.log.client_id;
    if (this.log.attempts.length === 0 && !endsLive) return;
    return this.opts.onPracticeData(this.logSoFar(completedAt, ended));
  }

  /** The log as it goes to the sync queue: the attempts so far and the practice time. */
  private logSoFar(completedAt: string | null, ended?: 'restarted' | 'stopped'): OfflinePracticeLog {
    return {
      ...this.log,
      ...(ended ? { ended } : {}),
      completed_at: completedAt,
      active_ms: Math.round(this.activeMs),
      attempts: [...this.log.attempts],
    };
  }

  /**
   * A new log: it continues the live session `serverSessionId`, or is a session of its own begun
   * here, which the server keeps under the log's own id while unfinished, so that the learner,
   * back online, continues the same session.
   */
  private newLog(serverSessionId: string | null): OfflinePracticeLog {
    const clientId = this.uuid();
    return {
      client_id: clientId,
      story_id: this.opts.story.id,
      server_session_id: serverSessionId ?? clientId,
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

/** The letters signed among the attempts the page saw (each once). */
function signedSeen(given: readonly ScoredAttempt[]): ScoredAttempt[] {
  const byPlace = new Map(given.filter((a) => a.correct).map((a) => [positionKey(a), a]));
  return [...byPlace.values()];
}

/**
 * The continued session's attempts: those given up to the engine's starting letter and, unless
 * the page saw every letter signed (`sawAll`), for each earlier letter with none among them
 * (practised before the page was reloaded) one right attempt, as it was accepted.
 */
function continuedAttempts(engine: PracticeEngine, given: readonly ScoredAttempt[], sawAll: boolean): ScoredAttempt[] {
  const before = engine.targets.slice(0, engine.index);
  const seen = new Set(given.map(positionKey));
  // the letters before the starting one, and the starting one (wrong tries at it count too)
  const reached = new Set(engine.targets.slice(0, engine.index + 1).map(positionKey));
  const unseen = sawAll ? [] : before.filter((t) => !seen.has(positionKey(t)));
  return [
    ...given.filter((a) => reached.has(positionKey(a))),
    ...unseen.map((t) => ({ ...t, target: t.letter, correct: true })),
  ];
}
