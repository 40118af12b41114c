import { feedbackData, HandReader } from '@asl/practice';
import {
  OWN_SESSION_MESSAGES,
  SESSION_ENDED_ACTION,
  startSessionDataSchema,
  type ControlMessage,
  type Story,
} from '@asl/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { FrameResult } from '../recognition/frame-processor';
import type { LiveConnection, LiveSessionHooks } from '../live/connection';
import type { StoryLibrary } from './library';
import { PracticeSession } from './practice-session';
import { sessionAttempts } from './session-attempts';
import { topicNote, topicTooLong } from './story-picker';
import { AppError } from '../errors';
import { OneAtATime } from '../auth/one-at-a-time';

/** What live practice asks before costly work (unset: always allowed). */
export interface PracticeLimits {
  /** whether this learner, at this client address, may have one more topic or drill story made now */
  mayMakeStory?: (userId: string, address: string) => Promise<boolean>;
  /** whether this learner may start (or resume) a session now */
  mayStart?: (userId: string) => Promise<boolean>;
}

interface ConnState {
  session: PracticeSession | null;
  reader: HandReader;
}

/**
 * The story practice session over /ws/video: control actions, and per frame the hand read
 * (HandReader) and handed to the practice engine (@asl/practice), whose counted attempts are
 * saved, and whose feedback is answered with asl_feedback.
 */
export class LivePractice implements LiveSessionHooks {
  private readonly state = new WeakMap<LiveConnection, ConnState>();
  /**
   * Each learner's latest session that has no row yet (no attempt made): a reconnect resumes it
   * here, in this process; elsewhere the client's story_id starts the story afresh.
   */
  private readonly unsaved = new Map<string, PracticeSession>();
  constructor(
    private readonly db: Db,
    private readonly library: StoryLibrary,
    private readonly log: FastifyBaseLogger,
    /** how long a handshape is held before it counts (ms) */
    private readonly holdMs = 400,
    private readonly limits: PracticeLimits = {},
  ) {}

  /**
   * Each learner's starts, one at a time across all their sockets: a start may read a long
   * session's attempts, and five sockets' starts side by side took the database from everyone
   * (the attack review of 2026-11-28).
   */
  private readonly starts = new OneAtATime();
  /**
   * The socket practising each session in this process: one at a time, since two copies of a
   * session would each save their own place over the other's.
   */
  private readonly holders = new Map<string, LiveConnection>();

  private of(conn: LiveConnection): ConnState {
    let s = this.state.get(conn);
    if (!s) {
      s = { session: null, reader: new HandReader() };
      this.state.set(conn, s);
    }
    return s;
  }

  async onControl(
    msg: ControlMessage & { action: NonNullable<ControlMessage['action']> },
    conn: LiveConnection,
  ): Promise<void> {
    const s = this.of(conn);
    if (msg.action === 'start_session') {
      if (this.limits.mayStart && !(await this.limits.mayStart(conn.user.id))) {
        conn.refuseControl(msg.action, 'CONTROL_RATE_LIMITED');
        return;
      }
      return this.starts.run(conn.user.id, () =>
        conn.isOpen ? this.start(conn, s, msg.data ?? {}) : Promise.resolve(),
      );
    }
    const session = s.session;
    if (!session) {
      conn.refuseControl(msg.action, 'SESSION_NOT_STARTED');
      return;
    }
    switch (msg.action) {
      case 'try_again':
        await session.tryAgain();
        break;
      case 'next_sentence': {
        const { finished } = await session.nextSentence();
        if (finished) return this.finish(conn, s, msg.action);
        break;
      }
      case 'restart_story': {
        const fresh = await session.restart();
        this.hold(conn, s, fresh);
        this.unsaved.set(conn.user.id, fresh);
        break;
      }
      case 'complete_story':
        return this.finish(conn, s, msg.action);
      case 'leave_session':
        // put aside, not ended: the session stays active, and starting the story again takes it up
        // (a learner's "Choose another story" had ended a story half done: the learner review of
        // 2026-11-28, second round)
        this.hold(conn, s, null);
        conn.send('control_response', { data: { action: msg.action, success: true, state: null } });
        return;
      case 'stop_session':
        await session.stop();
        this.forget(conn.user.id, session);
        conn.send('control_response', { data: { action: msg.action, success: true, state: session.state() } });
        this.hold(conn, s, null);
        return;
    }
    const now = s.session;
    if (!now?.isActive) return this.tellEnded(conn, session); // ended or taken up elsewhere meanwhile
    conn.send('control_response', { data: { action: msg.action, success: true, state: now.state() } });
  }

  /** The session this socket practises (null: none). */
  private hold(conn: LiveConnection, s: ConnState, session: PracticeSession | null): void {
    if (s.session && this.holders.get(s.session.id) === conn) this.holders.delete(s.session.id);
    s.session = session;
    conn.sessionId = session?.id ?? null;
    if (session) this.holders.set(session.id, conn);
  }

  /**
   * This socket's session was ended elsewhere, or taken up in another tab (`takenUp`): the page is
   * told so (and goes back to the stories), rather than learning it at its next action, or never
   * if it only signs (a learner went on signing to a session another tab had restarted, and
   * nothing counted: the attack review of 2026-11-28).
   */
  private tellEnded(conn: LiveConnection, ended: PracticeSession, takenUp = ended.takenUpElsewhere): void {
    const s = this.state.get(conn);
    if (!s || s.session?.id !== ended.id) return; // told already, or moved on
    this.forget(conn.user.id, s.session);
    this.hold(conn, s, null);
    conn.send('control_response', {
      data: { action: SESSION_ENDED_ACTION, success: true, state: ended.state() },
      message: takenUp ? OWN_SESSION_MESSAGES.sessionTakenUpElsewhere : OWN_SESSION_MESSAGES.sessionEndedElsewhere,
    });
  }

  private async start(conn: LiveConnection, s: ConnState, data: unknown): Promise<void> {
    const parsed = startSessionDataSchema.safeParse(data);
    if (!parsed.success) {
      conn.sendError('INVALID_MESSAGE', parsed.error.issues[0]?.message ?? 'Invalid start_session data.');
      return;
    }
    const { story_id, topic, session_id, position, drill, spent } = parsed.data;
    const loadStory = (id: string) => this.library.get(id);
    let session = await PracticeSession.findResumable(
      this.db,
      conn.user.id,
      { sessionId: session_id, storyId: session_id ? undefined : story_id },
      loadStory,
      { holdMs: this.holdMs },
    );
    if (!session) {
      const u = this.unsaved.get(conn.user.id);
      if (u && !u.saved && u.isActive && (session_id ? u.id === session_id : u.story.id === story_id)) session = u;
    }
    const resumed = !!session;
    let note: string | null = null;
    if (!session) {
      // A session never practised has no row: resuming it starts its story afresh.
      const mayMakeStory = this.limits.mayMakeStory;
      const mayMake = mayMakeStory ? () => mayMakeStory(conn.user.id, conn.address) : undefined;
      let story: Story | null;
      try {
        story = story_id
          ? await this.library.getOrMakeDrill(story_id, mayMake)
          : topic
            ? await this.library.forTopic(topic, mayMake)
            : drill
              ? await this.library.drill(drill.letters, drill.level, mayMake)
              : null;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        conn.sendError(err.code);
        return;
      }
      if (!story) {
        const code = session_id ? 'SESSION_NOT_FOUND' : story_id || !topic ? 'STORY_NOT_FOUND' : 'TOPIC_UNUSABLE';
        // a topic of words too long says so (a real word refused with no reason: the re-check of 2026-11-28)
        conn.sendError(code, code === 'TOPIC_UNUSABLE' && topic ? topicTooLong(topic) : undefined);
        return;
      }
      // a story made of the topic's words says which it left out
      if (topic && !story_id && story.id.startsWith('topic-')) note = topicNote(topic);
      session = PracticeSession.start(this.db, conn.user.id, story, { holdMs: this.holdMs });
    }
    const kept = this.unsaved.get(conn.user.id);
    if (!session.saved) this.unsaved.set(conn.user.id, session);
    // saved since, or its row made by the device's upload (practice continued offline)
    else if (kept && (kept.saved || kept.id === session.id)) this.unsaved.delete(conn.user.id);
    if (position) await session.moveTo(position, spent ?? []);
    // the session this socket already holds, taken up again (the page refreshing it, e.g. once the
    // device's log landed): the hand still held goes on being read, and a letter just accepted
    // and still held does not count against the next
    const same = s.session?.id === session.id ? s.session : null;
    if (same) session.engine.spend(same.engine.spent);
    else s.reader.reset();
    // taken up here: another tab practising it stops (it would save its own place over this one's)
    const other = this.holders.get(session.id);
    if (other && other !== conn) this.tellEnded(other, session, true);
    this.hold(conn, s, session);
    // a resumed session's attempts so far: the page (perhaps reloaded) scores the story with them
    const attempts = resumed && session.saved ? await sessionAttempts(this.db, session.id) : null;
    conn.send('practice_session_response', {
      data: {
        ...session.state(),
        story: session.story,
        resumed,
        ...(note ? { note } : {}),
        ...(attempts ? { attempts: attempts.map(({ createdAt: _at, ...a }) => a) } : {}),
      },
    });
  }

  private async finish(conn: LiveConnection, s: ConnState, action: string): Promise<void> {
    const session = s.session;
    if (!session) return;
    const summary = await session.complete();
    this.forget(conn.user.id, session);
    // ended elsewhere meanwhile (another tab stopped or restarted it): no result of this copy's
    if (!summary) return this.tellEnded(conn, session);
    conn.send('control_response', { data: { action, success: true, state: session.state() } });
    conn.send('session_complete', { data: summary, message: summary.completion_message });
    this.hold(conn, s, null);
  }

  async onFrameResult(
    result: FrameResult,
    conn: LiveConnection,
    frameNumber: number,
  ): Promise<FrameResult['prediction']> {
    const s = this.of(conn);
    const session = s.session;
    const target = session?.target ?? null;
    const read = s.reader.read(performance.now(), result.hands, target, { width: result.width, height: result.height });
    if (!session || !target) return read.prediction;
    const e = session.engine.frame(read.frame);
    if (!e) return read.prediction;
    const attemptId = await session.recordAttempt(e);
    if (!session.isActive) {
      // ended elsewhere meanwhile (finished or stopped on the device): nothing more counts here
      this.tellEnded(conn, session);
      return read.prediction;
    }
    const feedback = feedbackData(e);
    // the frame it was read from (whose processed_frame the connection sends first)
    conn.send('asl_feedback', {
      data: { ...feedback, ...(attemptId ? { attempt_id: attemptId } : {}), state: session.state() },
      metadata: { frame_number: frameNumber },
    });
    if (e.finished) await this.finish(conn, s, 'complete_story');
    return read.prediction;
  }

  private forget(userId: string, session: PracticeSession): void {
    if (this.unsaved.get(userId) === session) this.unsaved.delete(userId);
  }

  onClose(conn: LiveConnection): void {
    // The session stays 'active' in the database, so the learner can resume it.
    const s = this.state.get(conn);
    if (s) this.hold(conn, s, null);
    this.state.delete(conn);
    this.log.debug({ user: conn.user.id }, 'live practice connection closed');
  }
}
