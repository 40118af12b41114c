import {
  MAX_ACTIVE_GAP_MS,
  PracticeEngine,
  summarise,
  targetIndexOf,
  type AttemptRules,
  type PracticeEvent,
  type Position,
} from '@asl/practice';
import type { PracticeState, PracticeTarget, SessionCompleteData, Story } from '@asl/protocol';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { practiceAttempts, practiceSessions } from '../db/schema';
import { sessionAttempts, signedPositions } from './session-attempts';

type SessionRow = typeof practiceSessions.$inferSelect;
/** What the end of a session writes with its last place: in the same statement, so never half of it. */
type SessionResult = Partial<Pick<SessionRow, 'overallScore' | 'completedAt'>>;
export type SessionStatus = PracticeState['status'];

/**
 * One learner's practice of one story: the practice engine's position, written through to the
 * database. The session's row is created at its first counted attempt (a Start with no attempt
 * leaves no row); from then on every move is saved before it is acknowledged, so a dropped
 * connection or a killed server loses at most the letter in progress, and any server process
 * can resume it.
 */
export class PracticeSession {
  readonly engine: PracticeEngine;
  private status: SessionStatus;
  /** continued from the device's practice (moveTo): its uploaded attempts may land at any time */
  private handedOver = false;
  /** when this copy of the session was opened (practice time counts from it, or from its row's last save) */
  private readonly openedAt = Date.now();
  /** another story was practised between the row's last save and this copy's opening: count from the opening */
  private readonly fromOpening: boolean;
  /**
   * Another copy (another tab, another server process) took the session up since: this copy writes
   * nothing more (an older tab's save moved the place and the letters done back: the attack review
   * of 2026-11-28).
   */
  private takenUp = false;

  private constructor(
    private readonly db: Db,
    private readonly userId: string,
    readonly id: string,
    private row: SessionRow | null,
    readonly story: Story,
    rules: Partial<AttemptRules>,
    opts: { signed?: Position[]; spent?: string[]; fromOpening?: boolean } = {},
    /** this copy's name as the session's holder (the row's `holder`) */
    private readonly copyId: string = randomUUID(),
  ) {
    this.engine = new PracticeEngine(story, { rules, signed: opts.signed ?? [], spent: opts.spent ?? [] });
    this.fromOpening = opts.fromOpening ?? false;
    this.status = (row?.status as SessionStatus | undefined) ?? 'active';
    if (row) {
      const idx = targetIndexOf(this.engine.targets, row);
      if (row.status !== 'active' || idx < 0) this.engine.end();
      else this.engine.moveTo(this.engine.targets[idx]!);
    }
  }

  /**
   * A new session; its row is written at the first attempt. `spent`: handshapes just counted in
   * the session it replaces (Restart Story), perhaps still held: they do not count against its
   * first letter.
   */
  static start(
    db: Db,
    userId: string,
    story: Story,
    rules: Partial<AttemptRules> = {},
    spent: string[] = [],
  ): PracticeSession {
    return new PracticeSession(db, userId, randomUUID(), null, story, rules, { spent });
  }

  /**
   * The learner's unfinished session (by id, or the latest active one of the story), taken up by a
   * new copy: it becomes the session's holder, and every other copy stops saving. The row and its
   * attempts are read after that write, which waits for a save another copy has in flight, so this
   * copy starts from it (a tab taking the session up while the old tab's try was saving stopped
   * both: the re-check of 2026-11-28).
   */
  static async findResumable(
    db: Db,
    userId: string,
    by: { sessionId?: string | undefined; storyId?: string | undefined },
    loadStory: (id: string) => Promise<Story | null>,
    rules: Partial<AttemptRules> = {},
  ): Promise<PracticeSession | null> {
    const cond = [eq(practiceSessions.userId, userId), eq(practiceSessions.status, 'active')];
    if (by.sessionId) cond.push(eq(practiceSessions.id, by.sessionId));
    else if (by.storyId) cond.push(eq(practiceSessions.storyId, by.storyId));
    else return null;
    const [found] = await db
      .select({ id: practiceSessions.id, storyId: practiceSessions.storyId })
      .from(practiceSessions)
      .where(and(...cond))
      .orderBy(desc(practiceSessions.updatedAt))
      .limit(1);
    if (!found) return null;
    const story = await loadStory(found.storyId);
    if (!story) return null;
    const copyId = randomUUID();
    const [row] = await db
      .update(practiceSessions)
      .set({ holder: copyId })
      .where(and(eq(practiceSessions.id, found.id), ...cond))
      .returning();
    if (!row) return null; // ended meanwhile
    const signed = await signedPositions(db, row.id);
    // another story practised since this one's last save (it was put aside for it): the time
    // between is that story's, and this copy counts from its opening (the minute before had been
    // counted twice: the learner re-check of 2026-11-28)
    const [since] = await db
      .select({ id: practiceSessions.id })
      .from(practiceSessions)
      .where(
        and(
          eq(practiceSessions.userId, userId),
          ne(practiceSessions.id, row.id),
          gt(practiceSessions.updatedAt, row.updatedAt),
        ),
      )
      .limit(1);
    return new PracticeSession(db, userId, row.id, row, story, rules, { signed, fromOpening: !!since }, copyId);
  }

  get target(): PracticeTarget | null {
    return this.isActive ? this.engine.target : null;
  }

  get isActive(): boolean {
    return this.status === 'active' && !this.takenUp;
  }

  /** Whether another copy took the session up since this copy did. */
  get takenUpElsewhere(): boolean {
    return this.takenUp;
  }

  /** Whether the session has a row (an attempt was made). */
  get saved(): boolean {
    return this.row !== null;
  }

  state(): PracticeState {
    const t = this.target;
    return {
      session_id: this.id,
      story_id: this.story.id,
      status: this.status,
      sentence_index: t?.sentence_index ?? Math.max(0, this.story.sentences.length - 1),
      target: t,
      letters_done: this.engine.lettersDone,
      letters_total: this.engine.lettersTotal,
      active_ms: this.row?.activeMs ?? 0,
    };
  }

  private async ensureRow(db: Db): Promise<void> {
    if (this.row) return;
    const [row] = await db
      .insert(practiceSessions)
      .values({
        id: this.id,
        userId: this.userId,
        storyId: this.story.id,
        ...this.positionColumns(),
        updatedAt: new Date(this.openedAt), // practice time is counted from the row's last save (savePosition)
        holder: this.copyId,
      })
      .onConflictDoNothing()
      .returning();
    // or the device's upload made it first (practice continued offline, then back here): taken up
    this.row =
      row ??
      (
        await db
          .update(practiceSessions)
          .set({ holder: this.copyId })
          .where(and(eq(practiceSessions.id, this.id), eq(practiceSessions.userId, this.userId)))
          .returning()
      )[0] ??
      null;
    if (!this.row) throw new Error('session insert returned nothing');
  }

  /** This session's row, if it has one and it is the learner's. */
  private async ownRow(db: Db = this.db): Promise<SessionRow | null> {
    const [row] = await db
      .select()
      .from(practiceSessions)
      .where(and(eq(practiceSessions.id, this.id), eq(practiceSessions.userId, this.userId)))
      .limit(1);
    return row ?? null;
  }

  private positionColumns() {
    const t = this.engine.target;
    return {
      sentenceIndex: t?.sentence_index ?? this.story.sentences.length,
      wordIndex: t?.word_index ?? 0,
      letterIndex: t?.letter_index ?? 0,
      lettersDone: this.engine.lettersDone,
    };
  }

  /**
   * Writes the position and adds the practice time since the row's last save, up to
   * MAX_ACTIVE_GAP_MS (the rule of practiceTime): the session's time is the time between its moves,
   * whichever copy of it (a second tab, a reloaded page) made them, so two tabs on one session do
   * not count the same minutes twice. A session last saved more than that gap before this copy was
   * opened (resumed another day) counts from the opening instead. False when the session was
   * ended elsewhere meanwhile, or another copy took it up (another tab): nothing is written then.
   * The letters signed are read again first: the device's uploads add attempts to the session at
   * any time (a late piece of an earlier offline part, practice handed back).
   */
  private async savePosition(db: Db = this.db, result: SessionResult = {}): Promise<boolean> {
    if (this.takenUp) return false;
    if (this.handedOver) this.row ??= await this.ownRow(db); // made by the device's upload meanwhile
    if (!this.row) return this.isActive;
    this.engine.markSigned(await signedPositions(db, this.id));
    const now = new Date();
    const ms = (t: SQL) => sql`(extract(epoch from ${t}) * 1000)`;
    const saved = ms(sql`${practiceSessions.updatedAt}`);
    const opened = ms(sql`${new Date(this.openedAt).toISOString()}::timestamptz`);
    const from = this.fromOpening
      ? sql`greatest(${saved}, ${opened})`
      : sql`case when ${saved} < ${opened} - ${MAX_ACTIVE_GAP_MS} then ${opened} else ${saved} end`;
    const added = sql`greatest(0, least(${MAX_ACTIVE_GAP_MS}, round(${ms(sql`${now.toISOString()}::timestamptz`)} - ${from})))::int`;
    const updated = await db
      .update(practiceSessions)
      .set({
        ...this.positionColumns(),
        status: this.status,
        updatedAt: now,
        activeMs: sql`${practiceSessions.activeMs} + ${added}`,
        holder: this.copyId,
        ...result,
      })
      // never a session ended elsewhere (finished on the device): every change starts from active
      .where(
        and(
          eq(practiceSessions.id, this.id),
          eq(practiceSessions.status, 'active'),
          // a session made by an upload and continued here has no holder yet
          or(eq(practiceSessions.holder, this.copyId), isNull(practiceSessions.holder)),
        ),
      )
      .returning({ activeMs: practiceSessions.activeMs });
    if (updated[0]) {
      this.row = { ...this.row, activeMs: updated[0].activeMs };
      return true;
    }
    // ended elsewhere meanwhile (its upload from the device): this copy ends too, rather than
    // counting more attempts in it and reopening it; or taken up by another copy: this one stops
    const row = await this.ownRow(db);
    if (row?.status === 'active') this.takenUp = true;
    else if (row) this.status = row.status as SessionStatus;
    return false;
  }

  /**
   * Saves a counted attempt the engine reported (the engine has already moved on a correct one),
   * and the time to it, in one transaction with the position it moved to (a server killed between
   * the two would otherwise leave a letter passed with no attempt, or an attempt at a letter the
   * session was never moved past); its row's id (what a report of a misreading names), null for a
   * hint or a session ended elsewhere.
   */
  async recordAttempt(e: PracticeEvent): Promise<string | null> {
    if (!e.counted) return null;
    const id = randomUUID();
    const rowBefore = this.row;
    try {
      const stored = await this.db.transaction(async (tx) => {
        await this.ensureRow(tx);
        // every attempt is a move: its time counts (practiceTime), right or wrong; saved first, since
        // the save also says whether the session is still open (not ended on the device meanwhile)
        if (!(await this.savePosition(tx))) return false;
        await this.insertAttempt(tx, id, e);
        return true;
      });
      return stored ? id : null;
    } catch (err) {
      // nothing of it was written: the letter is asked again (a failed save skipped it: the re-check
      // of 2026-11-28)
      this.row = rowBefore;
      this.engine.undoLast();
      throw err;
    }
  }

  private async insertAttempt(db: Db, id: string, e: PracticeEvent): Promise<void> {
    await db.insert(practiceAttempts).values({
      id,
      sessionId: this.id,
      userId: this.userId,
      storyId: this.story.id,
      sentenceIndex: e.target.sentence_index,
      wordIndex: e.target.word_index,
      letterIndex: e.target.letter_index,
      target: e.target.letter,
      detected: e.detected,
      confidence: e.confidence,
      correct: e.correct,
      hint: e.hint,
      heldMs: e.heldMs,
    });
  }

  /**
   * Moves to a letter of the story (where the learner got to offline); unknown positions are
   * ignored. The letters signed on the device are those of its attempts, which its upload adds to
   * this session before or after this call: from now on every save counts them again (a letter
   * skipped there is not done, as online). `spent`: the handshapes the device counted last, which
   * count nothing here until the hand changes.
   */
  async moveTo(pos: Position, spent: readonly string[] = []): Promise<boolean> {
    if (!this.isActive || !this.engine.moveTo(pos)) return false;
    this.engine.spend(spent); // the letter the device accepted last, perhaps still held
    this.handedOver = true;
    await this.savePosition();
    return true;
  }

  async tryAgain(): Promise<void> {
    this.engine.tryAgain();
    await this.savePosition();
  }

  /** Skips to the next sentence; at the last sentence the story is done. */
  async nextSentence(): Promise<{ finished: boolean }> {
    const finished = this.engine.nextSentence();
    await this.savePosition();
    return { finished };
  }

  async stop(): Promise<void> {
    this.status = 'stopped';
    await this.savePosition();
  }

  /** Marks the session restarted and opens a fresh one on the same story. */
  async restart(): Promise<PracticeSession> {
    this.status = 'restarted';
    await this.savePosition();
    return PracticeSession.start(this.db, this.userId, this.story, this.engine.rules, this.engine.spent);
  }

  /**
   * Ends the session and returns the result the learner sees: "completed" only when every
   * letter was signed, "ended early" otherwise. A session with no attempt leaves no row. Null when
   * the session was ended elsewhere meanwhile (stopped or restarted in another tab, finished on the
   * device) or taken up in another tab: nothing is written to it then (a score was written onto a stopped session: the attack
   * review of 2026-11-28).
   */
  async complete(): Promise<SessionCompleteData | null> {
    const attempts = this.row ? await sessionAttempts(this.db, this.id) : [];
    const summary = summarise(attempts, this.engine.lettersTotal);
    this.status = summary.completed ? 'completed' : 'ended_early';
    // the end and its score in one write: a server killed between two left a session ended with no
    // score (the attack review of 2026-11-28)
    const saved = await this.savePosition(this.db, { overallScore: summary.overall_score, completedAt: new Date() });
    if (this.row && !saved) return null;
    return {
      session_id: this.id,
      story_id: this.story.id,
      duration_ms: this.row?.activeMs ?? 0,
      ...summary,
    };
  }
}
