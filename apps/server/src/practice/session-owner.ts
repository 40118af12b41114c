import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { practiceSessions } from '../db/schema';

/** True when the practice session exists and belongs to the user. */
export async function ownsPracticeSession(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: practiceSessions.id })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.id, sessionId), eq(practiceSessions.userId, userId)))
    .limit(1);
  return !!row;
}
