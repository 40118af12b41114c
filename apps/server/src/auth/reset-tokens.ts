import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets } from '../db/schema';

/** Spends every outstanding reset token of a user (after a reset or a password change). */
export async function voidResetTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
