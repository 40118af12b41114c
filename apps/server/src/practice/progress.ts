import type { ProgressResponse } from '@asl/protocol';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { practiceAttempts, practiceSessions, stories } from '../db/schema';

/** Consecutive days with practice, ending today or yesterday (UTC days as 'YYYY-MM-DD'). */
export function streakFromDays(days: string[], today = new Date()): number {
  const set = new Set(days);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const cursor = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (!set.has(day(cursor))) cursor.setUTCDate(cursor.getUTCDate() - 1);
  let streak = 0;
  while (set.has(day(cursor))) {
    streak++;
    cursor.setUTCDate(cursor.getUTCDate() - 1);
  }
  return streak;
}

/** Letters with the lowest accuracy (at least `minAttempts` tries), weakest first. */
export function weakestLetters(
  rows: { letter: string; attempts: number; accuracy: number }[],
  n = 5,
  minAttempts = 2,
): string[] {
  return rows
    .filter((r) => r.attempts >= minAttempts && r.accuracy < 0.9)
    .sort((a, b) => a.accuracy - b.accuracy || b.attempts - a.attempts)
    .slice(0, n)
    .map((r) => r.letter);
}

export async function computeProgress(db: Db, userId: string): Promise<Omit<ProgressResponse, 'suggested_story_id'>> {
  const [totals] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${practiceSessions.status} = 'completed')::int`,
      time: sql<number>`coalesce(sum(${practiceSessions.activeMs}), 0)::int`,
    })
    .from(practiceSessions)
    .where(eq(practiceSessions.userId, userId));
  const perLetter = await db
    .select({
      letter: practiceAttempts.target,
      attempts: sql<number>`count(*)::int`,
      correct: sql<number>`count(*) filter (where ${practiceAttempts.correct})::int`,
    })
    .from(practiceAttempts)
    .where(eq(practiceAttempts.userId, userId))
    .groupBy(practiceAttempts.target)
    .orderBy(practiceAttempts.target);
  const days = await db
    .selectDistinct({ day: sql<string>`to_char(${practiceAttempts.createdAt} at time zone 'UTC', 'YYYY-MM-DD')` })
    .from(practiceAttempts)
    .where(eq(practiceAttempts.userId, userId));
  const recent = await db
    .select({
      session_id: practiceSessions.id,
      story_id: practiceSessions.storyId,
      story_title: stories.title,
      status: practiceSessions.status,
      started_at: practiceSessions.startedAt,
      duration_ms: practiceSessions.activeMs,
      overall_score: practiceSessions.overallScore,
      attempts: sql<number>`(select count(*)::int from ${practiceAttempts} where ${practiceAttempts.sessionId} = ${practiceSessions.id})`,
    })
    .from(practiceSessions)
    .innerJoin(stories, eq(stories.id, practiceSessions.storyId))
    .where(eq(practiceSessions.userId, userId))
    .orderBy(desc(practiceSessions.startedAt))
    .limit(10);

  const accuracy_by_letter = perLetter.map((r) => ({
    ...r,
    accuracy: r.attempts ? Math.round((r.correct / r.attempts) * 100) / 100 : 0,
  }));
  const attempts = perLetter.reduce((n, r) => n + r.attempts, 0);
  const correct = perLetter.reduce((n, r) => n + r.correct, 0);
  return {
    totals: {
      sessions: totals?.sessions ?? 0,
      completed_sessions: totals?.completed ?? 0,
      practice_time_ms: totals?.time ?? 0,
      attempts,
      correct,
      accuracy: attempts ? Math.round((correct / attempts) * 100) / 100 : 0,
    },
    streak_days: streakFromDays(days.map((d) => d.day)),
    accuracy_by_letter,
    recent_sessions: recent.map((r) => ({ ...r, started_at: r.started_at.toISOString() })),
    weakest_letters: weakestLetters(accuracy_by_letter),
  };
}
