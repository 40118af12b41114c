import type { PracticeState, PracticeTarget, SessionCompleteData, Story } from '@asl/protocol';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { practiceAttempts, practiceSessions } from '../db/schema';
import {
  firstTargetOfNextSentence,
  firstTargetOfWord,
  MAX_ACTIVE_GAP_MS,
  storyTargets,
  summarise,
  targetIndexOf,
} from '@asl/recognition';

type SessionRow = typeof practiceSessions.$inferSelect;
export type SessionStatus = PracticeState['status'];

export interface AttemptInput {
  detected: string | null;
  confidence: number;
  correct: boolean;
  hint: string;
  heldMs: number;
}

/**
 * One learner's practice of one story. Every move is written through to the database
 * before it is acknowledged, so a dropped connection or a killed server loses at most
 * the letter in progress, and any server process can resume it.
 */
export class PracticeSession {
  private readonly targets: PracticeTarget[];
  private index: number;
  private status: SessionStatus;
  private activeSince = Date.now();

  private constructor(
    private readonly db: Db,
    private row: SessionRow,
    readonly story: Story,
  ) {
    this.targets = storyTargets(story);
    const idx = targetIndexOf(this.targets, row);
    this.index = row.status === 'completed' || idx < 0 ? this.targets.length : idx;
    this.status = row.status as SessionStatus;
  }

  static async create(db: Db, userId: string, story: Story): Promise<PracticeSession> {
    const [row] = await db.insert(practiceSessions).values({ userId, storyId: story.id }).returning();
    if (!row) throw new Error('session insert returned nothing');
    return new PracticeSession(db, row, story);
  }

  /** The learner's unfinished session: by id, or the latest active one of the story. */
  static async findResumable(
    db: Db,
    userId: string,
    by: { sessionId?: string | undefined; storyId?: string | undefined },
    loadStory: (id: string) => Promise<Story | null>,
  ): Promise<PracticeSession | null> {
    const cond = [eq(practiceSessions.userId, userId), eq(practiceSessions.status, 'active')];
    if (by.sessionId) cond.push(eq(practiceSessions.id, by.sessionId));
    else if (by.storyId) cond.push(eq(practiceSessions.storyId, by.storyId));
    else return null;
    const [row] = await db
      .select()
      .from(practiceSessions)
      .where(and(...cond))
      .orderBy(desc(practiceSessions.updatedAt))
      .limit(1);
    if (!row) return null;
    const story = await loadStory(row.storyId);
    return story ? new PracticeSession(db, row, story) : null;
  }

  get id(): string {
    return this.row.id;
  }

  get target(): PracticeTarget | null {
    return this.status === 'active' ? (this.targets[this.index] ?? null) : null;
  }

  get isActive(): boolean {
    return this.status === 'active';
  }

  state(): PracticeState {
    const t = this.target;
    return {
      session_id: this.row.id,
      story_id: this.story.id,
      status: this.status,
      sentence_index: t?.sentence_index ?? Math.max(0, this.story.sentences.length - 1),
      target: t,
      letters_done: Math.min(this.index, this.targets.length),
      letters_total: this.targets.length,
    };
  }

  private async savePosition(): Promise<void> {
    const t = this.targets[this.index];
    const now = Date.now();
    const activeMs = Math.min(now - this.activeSince, MAX_ACTIVE_GAP_MS);
    this.activeSince = now;
    await this.db
      .update(practiceSessions)
      .set({
        sentenceIndex: t?.sentence_index ?? this.story.sentences.length,
        wordIndex: t?.word_index ?? 0,
        letterIndex: t?.letter_index ?? 0,
        lettersDone: Math.min(this.index, this.targets.length),
        status: this.status,
        updatedAt: new Date(),
        activeMs: sql`${practiceSessions.activeMs} + ${Math.round(activeMs)}`,
      })
      .where(eq(practiceSessions.id, this.row.id));
  }

  /** Records a checked attempt at the current letter; a correct one advances. */
  async recordAttempt(a: AttemptInput): Promise<{ advanced: boolean; finished: boolean }> {
    const t = this.target;
    if (!t) return { advanced: false, finished: !this.isActive };
    await this.db.insert(practiceAttempts).values({
      sessionId: this.row.id,
      userId: this.row.userId,
      storyId: this.story.id,
      sentenceIndex: t.sentence_index,
      wordIndex: t.word_index,
      letterIndex: t.letter_index,
      target: t.letter,
      detected: a.detected,
      confidence: a.confidence,
      correct: a.correct,
      hint: a.hint,
      heldMs: Math.round(a.heldMs),
    });
    if (!a.correct) return { advanced: false, finished: false };
    this.index++;
    await this.savePosition();
    return { advanced: true, finished: this.index >= this.targets.length };
  }

  /** Moves to a letter of the story (where the learner got to offline); unknown positions are ignored. */
  async moveTo(pos: { sentence_index: number; word_index: number; letter_index: number }): Promise<boolean> {
    const i = targetIndexOf(this.targets, {
      sentenceIndex: pos.sentence_index,
      wordIndex: pos.word_index,
      letterIndex: pos.letter_index,
    });
    if (i < 0 || !this.isActive) return false;
    this.index = i;
    await this.savePosition();
    return true;
  }

  async tryAgain(): Promise<void> {
    this.index = firstTargetOfWord(this.targets, this.index);
    await this.savePosition();
  }

  /** Skips to the next sentence; at the last sentence the story is done. */
  async nextSentence(): Promise<{ finished: boolean }> {
    const t = this.targets[this.index];
    const next = t ? firstTargetOfNextSentence(this.targets, t.sentence_index) : -1;
    this.index = next < 0 ? this.targets.length : next;
    await this.savePosition();
    return { finished: this.index >= this.targets.length };
  }

  async stop(): Promise<void> {
    this.status = 'stopped';
    await this.savePosition();
  }

  /** Marks the session restarted and opens a fresh one on the same story. */
  async restart(): Promise<PracticeSession> {
    this.status = 'restarted';
    await this.savePosition();
    return PracticeSession.create(this.db, this.row.userId, this.story);
  }

  /** Finishes the session, saves its score, and returns the summary the learner sees. */
  async complete(): Promise<SessionCompleteData> {
    this.status = 'completed';
    await this.savePosition();
    const attempts = await this.db
      .select({ target: practiceAttempts.target, correct: practiceAttempts.correct })
      .from(practiceAttempts)
      .where(eq(practiceAttempts.sessionId, this.row.id));
    const summary = summarise(attempts);
    const [row] = await this.db
      .update(practiceSessions)
      .set({ overallScore: summary.overall_score, completedAt: new Date() })
      .where(eq(practiceSessions.id, this.row.id))
      .returning();
    if (row) this.row = row;
    return {
      session_id: this.row.id,
      story_id: this.story.id,
      duration_ms: this.row.activeMs,
      ...summary,
    };
  }
}
