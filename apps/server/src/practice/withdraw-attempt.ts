import { summarise } from '@asl/practice';
import { and, eq, or } from 'drizzle-orm';
import { sessionAttempts } from './session-attempts';
import type { Db } from '../db/client';
import { practiceAttempts, practiceSessions, stories } from '../db/schema';

/**
 * "This feedback is wrong" on a wrong reading: the learner's attempt (a live row's id or an
 * offline attempt's client_id) no longer counts against them. It stays stored, for the report's
 * review. A session already finished is scored again without it (a report kept on the device
 * may arrive after the story's end). True when a wrong attempt of this learner's was withdrawn.
 */
export async function withdrawAttempt(db: Db, userId: string, attemptId: string): Promise<boolean> {
  const [row] = await db
    .update(practiceAttempts)
    .set({ withdrawn: true })
    .where(
      and(
        eq(practiceAttempts.userId, userId),
        eq(practiceAttempts.correct, false),
        or(eq(practiceAttempts.id, attemptId), eq(practiceAttempts.clientId, attemptId)),
      ),
    )
    .returning({ sessionId: practiceAttempts.sessionId });
  if (!row) return false;
  await rescoreFinished(db, row.sessionId);
  return true;
}

async function rescoreFinished(db: Db, sessionId: string): Promise<void> {
  const [session] = await db
    .select({ completedAt: practiceSessions.completedAt, letters: stories.letterCount })
    .from(practiceSessions)
    .innerJoin(stories, eq(stories.id, practiceSessions.storyId))
    .where(eq(practiceSessions.id, sessionId))
    .limit(1);
  if (!session?.completedAt) return;
  const { overall_score } = summarise(await sessionAttempts(db, sessionId), session.letters);
  await db.update(practiceSessions).set({ overallScore: overall_score }).where(eq(practiceSessions.id, sessionId));
}
