import type { OfflineSessionRequest, OfflineSessionResponse, Story } from '@asl/protocol';
import { positionKey, practiceTime, storyTargets, summarise } from '@asl/practice';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedbackReports, practiceAttempts, practiceSessions } from '../db/schema';
import { AppError } from '../errors';
import { storableReal } from '../db/storable';
import { sessionAttempts } from './session-attempts';

/** Longest practice time credited for one offline session (idle gaps are capped too: practiceTime). */
const MAX_ACTIVE_MS = 4 * 3_600_000;

/** A device clock closer than this to the server's is taken as right (network time, small drift). */
export const CLOCK_TOLERANCE_MS = 60_000;

/**
 * The upload's times on the server's clock: moved by how far the device's clock (`sent_at`) is off,
 * when it is off by more than CLOCK_TOLERANCE_MS, and never later than now (practice cannot have
 * happened after its upload). A device with its date set wrong would otherwise make a streak of
 * days never practised, or a session dated years ahead. A `sent_at` that would move them before
 * 1970 is not used (a far-future one answered 500: the database refused year -5947). Each
 * attempt's time is kept within the log's own start and end, and the end not before the start:
 * the device writes them from one clock, so a time outside (a clock set back in the middle of the
 * practice, or a log not made by practice: one session's attempts dated a day apart over two
 * weeks made a streak of fourteen days, the attack review of 2026-11-28) is taken as the nearer
 * of the two, and nothing of the practice is lost.
 */
export function serverTimes(body: OfflineSessionRequest, now = Date.now()) {
  const off = body.sent_at ? now - Date.parse(body.sent_at) : 0;
  // A `sent_at` that would move the earliest time before 1970 (one the database cannot store, or
  // no practice's) does not fit the device's other times: they are taken as they are.
  const earliest = Math.min(
    Date.parse(body.started_at),
    ...(body.completed_at ? [Date.parse(body.completed_at)] : []),
    ...body.attempts.map((a) => Date.parse(a.at)),
  );
  const shift = Math.abs(off) > CLOCK_TOLERANCE_MS && earliest + off >= 0 ? off : 0;
  const when = (iso: string) => Math.min(now, Date.parse(iso) + shift);
  const startedAt = when(body.started_at);
  const completedAt = body.completed_at ? Math.max(when(body.completed_at), startedAt) : null;
  const within = (t: number) => new Date(Math.min(Math.max(t, startedAt), completedAt ?? now));
  return {
    startedAt: new Date(startedAt),
    completedAt: completedAt === null ? null : new Date(completedAt),
    /** from the start to the end, or to now while unfinished: the most practice time the log can hold */
    spanMs: (completedAt ?? now) - startedAt,
    attemptAt: (a: OfflineSessionRequest['attempts'][number]) => within(when(a.at)),
  };
}

/** Checks every attempt against the story's letters; the first mismatch is a coded 422. */
export function checkAttempts(story: Story, attempts: OfflineSessionRequest['attempts']): void {
  const letters = new Map(storyTargets(story).map((t) => [positionKey(t), t]));
  attempts.forEach((a, i) => {
    const t = letters.get(positionKey(a));
    if (!t || t.letter !== a.target) throw new AppError('TARGET_MISMATCH', undefined, `attempts.${i}.target`);
  });
}

/**
 * The upload's attempts the learner already reported ("This feedback is wrong" sent before the
 * practice it was about, as the outbox may): those reports are linked to this session (they were
 * stored without one, since it did not exist yet), and the wrong ones are stored withdrawn.
 */
async function reportedAttempts(
  db: Db,
  userId: string,
  sessionId: string,
  attempts: OfflineSessionRequest['attempts'],
) {
  if (attempts.length === 0) return new Set<string>();
  // one statement: every such report, linked to this session where it has none yet
  const rows = await db
    .update(feedbackReports)
    .set({ sessionId: sql`coalesce(${feedbackReports.sessionId}, ${sessionId}::uuid)` })
    .where(
      and(
        eq(feedbackReports.userId, userId),
        inArray(
          feedbackReports.attemptId,
          attempts.map((a) => a.client_id),
        ),
      ),
    )
    .returning({ id: feedbackReports.attemptId });
  return new Set(rows.map((r) => r.id).filter((id): id is string => !!id));
}

/** How many of these attempt ids the learner has stored already (a replay's are all stored). */
export async function storedAttempts(db: Db, userId: string, clientIds: readonly string[]): Promise<number> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(practiceAttempts)
    .where(and(eq(practiceAttempts.userId, userId), inArray(practiceAttempts.clientId, ids)));
  return row?.n ?? 0;
}

/**
 * The learner's own session of this story with this id, which an offline upload continued. A live
 * session with no attempt yet (begun or restarted just before the connection dropped) has no row:
 * when the device hands it back unfinished, it gets one under its id, still active, so the
 * learner's return to it online is the same session (`created`); a story the device finished is a
 * session of its own (the live one, never practised, may be started again). Null when the id is
 * another learner's or another story's.
 */
async function continuedSession(
  db: Db,
  userId: string,
  storyId: string,
  sessionId: string,
  startedAt: Date,
  finished: boolean,
) {
  const [row] = await db.select().from(practiceSessions).where(eq(practiceSessions.id, sessionId)).limit(1);
  if (row) return row.userId === userId && row.storyId === storyId ? { row, created: false } : null;
  if (finished) return null;
  const [inserted] = await db
    .insert(practiceSessions)
    .values({ id: sessionId, userId, storyId, status: 'active', startedAt, updatedAt: startedAt })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  // made meanwhile by a copy of this upload sent at the same time (the same device's queue): that
  // row is this session (otherwise each copy that lost the race made a stray session of its own)
  const [made] = await db.select().from(practiceSessions).where(eq(practiceSessions.id, sessionId)).limit(1);
  return made && made.userId === userId && made.storyId === storyId ? { row: made, created: false } : null;
}

/**
 * Stores an offline practice session (or a piece of it) exactly once: the session is the server
 * session it continued (`session_id`), or one keyed by (user, client_id); each attempt is keyed by
 * (user, client_id). A replay stores nothing new and says so. The rows are the same ones the live
 * engine writes, so progress reads them alike, and a story practised partly online and partly
 * offline is counted from all its attempts.
 *
 * All of it is one transaction: a failure part way (after the session row, before its attempts)
 * stores nothing, so the device's retry is the first upload (201), not a half-stored one taken for
 * a replay. Two copies of one upload at once still store once: the second's inserts wait on the
 * first's unique keys and, once it commits, skip them (PGlite runs one transaction at a time).
 */
export async function saveOfflineSession(
  db: Db,
  userId: string,
  story: Story,
  body: OfflineSessionRequest,
): Promise<OfflineSessionResponse & { created: boolean }> {
  checkAttempts(story, body.attempts);
  return db.transaction((tx) => storeOfflineSession(tx, userId, story, body));
}

async function storeOfflineSession(
  db: Db,
  userId: string,
  story: Story,
  body: OfflineSessionRequest,
): Promise<OfflineSessionResponse & { created: boolean }> {
  const times = serverTimes(body);
  // a session begun on the device: kept under its own id while unfinished (continued online later)
  const own = body.session_id === body.client_id;
  const ending = body.completed_at === null ? (body.ended ?? null) : null;
  const continued = body.session_id
    ? await continuedSession(
        db,
        userId,
        story.id,
        body.session_id,
        times.startedAt,
        body.completed_at !== null || !!ending,
      )
    : null;
  // Restarted or stopped with no attempt on the device, and no session of the learner's to end: nothing to keep.
  if (ending && !continued && body.attempts.length === 0)
    return {
      created: false,
      session_id: body.session_id ?? body.client_id,
      status: ending,
      duplicate: true,
      attempts_stored: 0,
      attempts_skipped: 0,
    };
  const startedAt = continued?.row.startedAt ?? times.startedAt;
  const inserted = continued
    ? []
    : await db
        .insert(practiceSessions)
        .values({
          userId,
          storyId: story.id,
          clientId: body.client_id,
          status: ending ?? 'stopped',
          startedAt,
          updatedAt: startedAt,
        })
        .onConflictDoNothing()
        .returning();
  const created = continued ? continued.created : inserted.length > 0;
  const [row] = continued
    ? [continued.row]
    : created
      ? inserted
      : await db
          .select()
          .from(practiceSessions)
          .where(and(eq(practiceSessions.userId, userId), eq(practiceSessions.clientId, body.client_id)))
          .limit(1);
  if (!row) throw new Error('offline session upsert returned nothing');
  if (row.storyId !== story.id) throw new AppError('CLIENT_ID_CONFLICT', undefined, 'client_id');

  // A session that has ended with its result (completed or ended early, here or live) takes no
  // attempt made after its end: the result the learner saw stands (the attack review of
  // 2026-11-28: later attempts were stored and the score moved after the session ended). Pieces of
  // the device's log that arrive late still land: their attempts were made before the end.
  const endedAt = row.completedAt?.getTime() ?? null;
  const attempts =
    endedAt === null ? body.attempts : body.attempts.filter((a) => times.attemptAt(a).getTime() <= endedAt);
  const reported = await reportedAttempts(db, userId, row.id, attempts);
  const stored = attempts.length
    ? await db
        .insert(practiceAttempts)
        .values(
          attempts.map((a) => ({
            sessionId: row.id,
            userId,
            storyId: story.id,
            sentenceIndex: a.sentence_index,
            wordIndex: a.word_index,
            letterIndex: a.letter_index,
            target: a.target,
            detected: a.detected,
            confidence: storableReal(a.confidence),
            correct: a.correct,
            hint: a.hint ?? '',
            heldMs: a.held_ms,
            createdAt: times.attemptAt(a),
            clientId: a.client_id,
            withdrawn: !a.correct && (a.withdrawn === true || reported.has(a.client_id)),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: practiceAttempts.id })
    : [];

  const completing = body.completed_at !== null && row.completedAt === null;
  // restarted or stopped on the device: the session it continued ends as it would online
  const ends = ending !== null && row.status === 'active';
  let status = row.status;
  if (created || stored.length > 0 || completing || ends) {
    const all = await sessionAttempts(db, row.id);
    const targets = storyTargets(story);
    const done = new Set(all.filter((a) => a.correct).map(positionKey));
    const lettersDone = targets.filter((t) => done.has(positionKey(t))).length;
    const next = targets.find((t) => !done.has(positionKey(t)));
    // the first completion stands: a later upload does not move it
    const completedAt = row.completedAt ?? times.completedAt;
    // the device's own figure, or the same rule over the attempts' times (idle gaps count a minute)
    const moves = all.map((a) => a.createdAt.getTime());
    if (completedAt) moves.push(completedAt.getTime());
    // a continued session's time so far is the live part's; the device's figure is only the offline
    // part, and never more than the time from its start to its end (or to now): a 3-second log said
    // 24 hours (the attack review of 2026-11-28)
    const deviceMs = continued && !own ? undefined : body.active_ms;
    const offlineMs = deviceMs === undefined ? undefined : Math.min(deviceMs, times.spanMs);
    const activeMs = Math.min(
      MAX_ACTIVE_MS,
      Math.max(row.activeMs, offlineMs ?? practiceTime(startedAt.getTime(), moves)),
    );
    // Ended on the device: "completed" only when every letter of the story was signed.
    const result = summarise(all, targets.length);
    status = completedAt ? (result.completed ? 'completed' : 'ended_early') : ends ? ending : row.status;
    await db
      .update(practiceSessions)
      .set({
        status,
        sentenceIndex: next?.sentence_index ?? story.sentences.length,
        wordIndex: next?.word_index ?? 0,
        letterIndex: next?.letter_index ?? 0,
        lettersDone,
        activeMs,
        completedAt,
        overallScore: completedAt ? result.overall_score : null,
        updatedAt: new Date(),
      })
      .where(eq(practiceSessions.id, row.id));
  }
  return {
    created,
    session_id: row.id,
    status,
    duplicate: !created && stored.length === 0 && !completing && !ends,
    attempts_stored: stored.length,
    attempts_skipped: body.attempts.length - stored.length,
  };
}
