import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { practiceSessions } from '../db/schema';

/**
 * The id of the user's practice session named by `id`: its own id, or the client_id of practice
 * done on the device (a report made offline names the device's session, stored under a new id
 * when it was uploaded). Null when the user has no such session.
 */
export async function ownPracticeSessionId(db: Db, id: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: practiceSessions.id })
    .from(practiceSessions)
    .where(and(eq(practiceSessions.userId, userId), or(eq(practiceSessions.id, id), eq(practiceSessions.clientId, id))))
    .limit(1);
  return row?.id ?? null;
}
