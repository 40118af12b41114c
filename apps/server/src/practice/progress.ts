import type { ProgressResponse } from '@asl/protocol';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { practiceAttempts, practiceSessions, stories } from '../db/schema';

/** The calendar day ('YYYY-MM-DD') of a moment in a time zone. */
export function dayIn(timeZone: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (ms) => {
    const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day}`;
  };
}

/** Consecutive days with practice ('YYYY-MM-DD'), ending today or yesterday (`today` of the same calendar). */
export function streakFromDays(days: Iterable<string>, today: string): number {
  const set = new Set(days);
  const cursor = new Date(`${today}T00:00:00Z`);
  const day = () => cursor.toISOString().slice(0, 10);
  if (!set.has(day())) cursor.setUTCDate(cursor.getUTCDate() - 1);
  let streak = 0;
  while (set.has(day())) {
    streak++;
    cursor.setUTCDate(cursor.getUTCDate() - 1);
  }
  return streak;
}

/** 15 minutes: every time zone's offset is a whole number of them, so a quarter lies in one local day. */
const QUARTER_MS = 900_000;

/**
 * Letters with the lowest accuracy (right first time less than 90% of the times they came up),
 * weakest first, the more often tried first among equals. A letter tried once and not right first
 * time is weak too: it is what the story's result tells the learner to practise, so "Practise your
 * weakest letters" drills it (before 2026-11-27 only letters tried twice or more counted, and the
 * drill practised another letter than the one the result named).
 */
export function weakestLetters(
  rows: { letter: string; attempted: number; accuracy: number }[],
  n = 5,
  minAttempted = 1,
): string[] {
  return rows
    .filter((r) => r.attempted >= minAttempted && r.accuracy < 0.9)
    .sort((a, b) => a.accuracy - b.accuracy || b.attempted - a.attempted)
    .slice(0, n)
    .map((r) => r.letter);
}

const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 100) / 100 : 0);

/**
 * A learner's progress, counted in letters: each letter of each session once, right when its
 * first counted attempt was. Sessions saved before migration 0003 (counting = 'attempts') count
 * for sessions, time and streak, but not for accuracy: their attempts were counted on a timer.
 */
export async function computeProgress(
  db: Db,
  userId: string,
  timeZone = 'UTC',
  now = new Date(),
): Promise<Omit<ProgressResponse, 'suggested_story_id' | 'next_story_id'>> {
  const hasAttempts = sql`exists (select 1 from ${practiceAttempts} where ${practiceAttempts.sessionId} = ${practiceSessions.id})`;
  const [totals] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${practiceSessions.status} = 'completed')::int`,
      // float8, not int: a learner's whole practice time passes 2^31 ms (596 hours); bigint would come back as text
      time: sql<number>`coalesce(sum(${practiceSessions.activeMs}), 0)::float8`,
    })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.userId, userId), hasAttempts));
  // the first counted attempt at each letter of each session
  const firsts = db.$with('firsts').as(
    db
      .selectDistinctOn(
        [
          practiceAttempts.sessionId,
          practiceAttempts.sentenceIndex,
          practiceAttempts.wordIndex,
          practiceAttempts.letterIndex,
        ],
        { letter: sql<string>`${practiceAttempts.target}`.as('letter'), correct: practiceAttempts.correct },
      )
      .from(practiceAttempts)
      .innerJoin(practiceSessions, eq(practiceSessions.id, practiceAttempts.sessionId))
      // a reading the learner reported as misread is not counted against them
      .where(
        and(
          eq(practiceAttempts.userId, userId),
          eq(practiceSessions.counting, 'letters'),
          eq(practiceAttempts.withdrawn, false),
        ),
      )
      .orderBy(
        practiceAttempts.sessionId,
        practiceAttempts.sentenceIndex,
        practiceAttempts.wordIndex,
        practiceAttempts.letterIndex,
        practiceAttempts.createdAt,
        // two attempts in the same millisecond (offline clocks): the wrong one first
        practiceAttempts.correct,
      ),
  );
  const perLetter = await db
    .with(firsts)
    .select({
      letter: firsts.letter,
      attempted: sql<number>`count(*)::int`,
      first_try: sql<number>`count(*) filter (where ${firsts.correct})::int`,
    })
    .from(firsts)
    .groupBy(firsts.letter)
    .orderBy(firsts.letter);
  // the quarter hours with practice, as days of the learner's calendar
  const quarters = await db
    .selectDistinct({
      q: sql<number>`floor(extract(epoch from ${practiceAttempts.createdAt}) / ${QUARTER_MS / 1000})::int`,
    })
    .from(practiceAttempts)
    .where(eq(practiceAttempts.userId, userId));
  const day = dayIn(timeZone);
  const recent = await db
    .select({
      session_id: practiceSessions.id,
      story_id: practiceSessions.storyId,
      story_title: stories.title,
      status: practiceSessions.status,
      started_at: practiceSessions.startedAt,
      duration_ms: practiceSessions.activeMs,
      overall_score: practiceSessions.overallScore,
      letters_done: practiceSessions.lettersDone,
      letters_total: stories.letterCount,
      counting: practiceSessions.counting,
      attempts: sql<number>`(select count(*)::int from ${practiceAttempts} where ${practiceAttempts.sessionId} = ${practiceSessions.id} and not ${practiceAttempts.withdrawn})`,
    })
    .from(practiceSessions)
    .innerJoin(stories, eq(stories.id, practiceSessions.storyId))
    .where(and(eq(practiceSessions.userId, userId), hasAttempts))
    .orderBy(desc(practiceSessions.startedAt))
    .limit(10);

  const accuracy_by_letter = perLetter.map((r) => ({ ...r, accuracy: ratio(r.first_try, r.attempted) }));
  const attempted = perLetter.reduce((n, r) => n + r.attempted, 0);
  const firstTry = perLetter.reduce((n, r) => n + r.first_try, 0);
  return {
    totals: {
      sessions: totals?.sessions ?? 0,
      completed_sessions: totals?.completed ?? 0,
      practice_time_ms: totals?.time ?? 0,
      letters_attempted: attempted,
      letters_first_try: firstTry,
      accuracy: ratio(firstTry, attempted),
    },
    streak_days: streakFromDays(
      quarters.map((r) => day(r.q * QUARTER_MS)),
      day(now.getTime()),
    ),
    accuracy_by_letter,
    recent_sessions: recent.map((r) => ({
      ...r,
      started_at: r.started_at.toISOString(),
      counting: r.counting === 'attempts' ? ('attempts' as const) : ('letters' as const),
    })),
    weakest_letters: weakestLetters(accuracy_by_letter),
  };
}
