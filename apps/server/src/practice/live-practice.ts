import { ERROR_CODES, startSessionDataSchema, type AslFeedbackData, type ControlMessage } from '@asl/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { FrameResult } from '../live/frame-processor';
import type { LiveConnection, LiveSessionHooks } from '../live/connection';
import { feedbackFor, handshapeInput, LetterWatcher, praiseFor } from '@asl/recognition';
import type { StoryLibrary } from './library';
import { PracticeSession } from './practice-session';

interface ConnState {
  session: PracticeSession | null;
  watcher: LetterWatcher;
}

/**
 * The story practice session over /ws/video: control actions, and per frame the held letter
 * checked against the target, saved, and answered with asl_feedback.
 */
export class LivePractice implements LiveSessionHooks {
  private readonly state = new WeakMap<LiveConnection, ConnState>();
  constructor(
    private readonly db: Db,
    private readonly library: StoryLibrary,
    private readonly log: FastifyBaseLogger,
    private readonly holdMs = 400,
  ) {}

  private of(conn: LiveConnection): ConnState {
    let s = this.state.get(conn);
    if (!s) {
      s = { session: null, watcher: new LetterWatcher(this.holdMs) };
      this.state.set(conn, s);
    }
    return s;
  }

  async onControl(
    msg: ControlMessage & { action: NonNullable<ControlMessage['action']> },
    conn: LiveConnection,
  ): Promise<void> {
    const s = this.of(conn);
    if (msg.action === 'start_session') return this.start(conn, s, msg.data ?? {});
    const session = s.session;
    if (!session) {
      conn.send('control_response', {
        data: { action: msg.action, success: false, state: null },
        message: ERROR_CODES.SESSION_NOT_STARTED.message,
      });
      return;
    }
    s.watcher.reset();
    switch (msg.action) {
      case 'try_again':
        await session.tryAgain();
        break;
      case 'next_sentence': {
        const { finished } = await session.nextSentence();
        if (finished) return this.finish(conn, s, msg.action);
        break;
      }
      case 'restart_story':
        s.session = await session.restart();
        conn.sessionId = s.session.id;
        break;
      case 'complete_story':
        return this.finish(conn, s, msg.action);
      case 'stop_session':
        await session.stop();
        conn.send('control_response', { data: { action: msg.action, success: true, state: session.state() } });
        s.session = null;
        conn.sessionId = null;
        return;
    }
    conn.send('control_response', { data: { action: msg.action, success: true, state: s.session!.state() } });
  }

  private async start(conn: LiveConnection, s: ConnState, data: unknown): Promise<void> {
    const parsed = startSessionDataSchema.safeParse(data);
    if (!parsed.success) {
      conn.sendError('INVALID_MESSAGE', parsed.error.issues[0]?.message ?? 'Invalid start_session data.');
      return;
    }
    const { story_id, topic, session_id, position } = parsed.data;
    const loadStory = (id: string) => this.library.get(id);
    let session = await PracticeSession.findResumable(
      this.db,
      conn.user.id,
      { sessionId: session_id, storyId: session_id ? undefined : story_id },
      loadStory,
    );
    const resumed = !!session;
    if (!session) {
      const story = story_id ? await this.library.get(story_id) : topic ? await this.library.forTopic(topic) : null;
      if (!story) {
        conn.sendError(session_id ? 'SESSION_NOT_FOUND' : 'STORY_NOT_FOUND');
        return;
      }
      session = await PracticeSession.create(this.db, conn.user.id, story);
    }
    if (position) await session.moveTo(position);
    s.session = session;
    s.watcher.reset();
    conn.sessionId = session.id;
    conn.send('practice_session_response', { data: { ...session.state(), story: session.story, resumed } });
  }

  private async finish(conn: LiveConnection, s: ConnState, action: string): Promise<void> {
    const session = s.session;
    if (!session) return;
    const summary = await session.complete();
    conn.send('control_response', { data: { action, success: true, state: session.state() } });
    conn.send('session_complete', { data: summary, message: summary.completion_message });
    s.session = null;
  }

  async onFrameResult(result: FrameResult, conn: LiveConnection): Promise<FrameResult['prediction']> {
    const s = this.of(conn);
    const target = s.session?.target ?? null;
    const classes = target ? (target.kind === 'digit' ? 'digits' : 'letters') : 'all';
    const seen = s.watcher.push(performance.now(), result.hands, classes);
    if (!s.session || !target || !seen.hand || !seen.classification) return seen.prediction;

    const motionTarget = target.letter === 'J' || target.letter === 'Z';
    let attempt: { label: string; confidence: number; heldMs: number } | null = null;
    if (motionTarget && seen.motion)
      attempt = { label: seen.motion, confidence: seen.prediction?.confidence ?? 0, heldMs: seen.heldMs };
    else if (seen.committed) attempt = seen.committed;
    if (!attempt) return seen.prediction;

    const input = handshapeInput(seen.hand);
    const fb = feedbackFor(target.letter, input.landmarks, input.handedness, seen.classification);
    const correct = attempt.label === target.letter;
    // Holding J's or Z's handshape still is half the letter: say what to do, count nothing yet.
    const halfMotion = motionTarget && !correct && fb.hint.includes('now draw');
    const hint = correct ? praiseFor(target) : fb.hint;
    const feedback: AslFeedbackData = {
      target: target.letter,
      detected: attempt.label,
      confidence: attempt.confidence,
      correct,
      hint,
      held_ms: Math.round(attempt.heldMs),
    };
    if (!halfMotion) {
      const { advanced, finished } = await s.session.recordAttempt({ ...feedback, heldMs: feedback.held_ms });
      if (advanced) s.watcher.reset();
      conn.send('asl_feedback', { data: { ...feedback, state: s.session.state() } });
      if (finished) await this.finish(conn, s, 'complete_story');
    } else {
      conn.send('asl_feedback', { data: { ...feedback, state: s.session.state() } });
    }
    return seen.prediction;
  }

  onClose(conn: LiveConnection): void {
    // The session stays 'active' in the database, so the learner can resume it.
    this.state.delete(conn);
    this.log.debug({ user: conn.user.id }, 'live practice connection closed');
  }
}
