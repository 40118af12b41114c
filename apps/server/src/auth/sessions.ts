import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authSessions, refreshTokens, users } from '../db/schema';
import { GRACE_WAIT_MS, graceKey, openSuccessor, sealSuccessor, type RefreshGrace } from './refresh-grace';
import { hashToken, newOpaqueToken } from './tokens';

export const REFRESH_TOKEN_TTL_DAYS = 30;

export type RotateResult =
  | { ok: true; userId: string; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'reused' | 'revoked' | 'expired'; sessionId?: string };

/**
 * Opens a sign-in session with its first refresh token. With `checkedHash` (a sign-in), only while
 * the account still has that password and is not disabled, read under a lock of the user's row:
 * a sign-in whose password check ran before a reset or a change of password, and that got here
 * after it, opens nothing (the reset or change signs out every session after its new password is
 * stored, so a session opened before that is signed out with the rest). Null when refused.
 */
export async function createSession(
  db: Db,
  userId: string,
  userAgent: string | null,
  checkedHash?: string,
): Promise<{ sessionId: string; refreshToken: string } | null> {
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    if (checkedHash !== undefined) {
      const [user] = await tx
        .select({ passwordHash: users.passwordHash, disabled: users.disabled })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user || user.disabled || user.passwordHash !== checkedHash) return null;
    }
    const [session] = await tx
      .insert(authSessions)
      .values({ userId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null })
      .returning({ id: authSessions.id });
    if (!session) throw new Error('session insert returned nothing');
    const refreshToken = newOpaqueToken();
    await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: hashToken(refreshToken) });
    return { sessionId: session.id, refreshToken };
  });
}

/**
 * Rotates a refresh token: the presented one is spent and a new one issued in the same
 * session. Presenting a spent token means it was copied: the whole session is revoked, except
 * within the grace window after its rotation while its successor is still unspent (two tabs
 * refreshing at once), which answers the same successor.
 */
export async function rotateRefreshToken(db: Db, presented: string, grace?: RefreshGrace): Promise<RotateResult> {
  const tokenHash = hashToken(presented);
  const [row] = await db
    .select({
      id: refreshTokens.id,
      usedAt: refreshTokens.usedAt,
      sessionId: refreshTokens.sessionId,
      userId: authSessions.userId,
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(refreshTokens.sessionId, authSessions.id))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() < Date.now()) return { ok: false, reason: 'expired' };
  if (row.usedAt) return replayed(db, presented, { ...row, usedAt: row.usedAt }, grace);
  // Spend it and store its successor in one transaction: a crash between the two left the session
  // with no refresh token that works (the attack review of 2026-11-28). The condition makes a
  // concurrent second use lose (and get the winner's successor).
  const refreshToken = newOpaqueToken();
  const rotated = await db.transaction(async (tx) => {
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) return false;
    await tx.insert(refreshTokens).values({ sessionId: row.sessionId, tokenHash: hashToken(refreshToken) });
    await tx.update(authSessions).set({ lastUsedAt: new Date() }).where(eq(authSessions.id, row.sessionId));
    return true;
  });
  if (!rotated) return replayed(db, presented, { ...row, usedAt: new Date() }, grace);
  // Kept for the window only after the successor is in the database, so whoever gets it can use it.
  if (grace && grace.windowMs > 0) {
    await grace.store
      .put(graceKey(presented), sealSuccessor(presented, refreshToken), grace.windowMs)
      .catch(() => undefined);
  }
  return { ok: true, userId: row.userId, sessionId: row.sessionId, refreshToken };
}

async function isUnspent(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  return !!row && row.usedAt === null;
}

/** A spent token again: its successor within the grace window, else theft, and the session is revoked. */
async function replayed(
  db: Db,
  presented: string,
  row: { sessionId: string; userId: string; usedAt: Date },
  grace: RefreshGrace | undefined,
): Promise<RotateResult> {
  if (grace && grace.windowMs > 0 && Date.now() - row.usedAt.getTime() <= grace.windowMs) {
    const sealed = await grace.store
      .get(graceKey(presented), Math.min(GRACE_WAIT_MS, grace.windowMs))
      .catch(() => null);
    const successor = sealed === null ? null : openSuccessor(presented, sealed);
    // Only while the successor is the session's current token: once it was spent in turn, an
    // older token coming back is a copy, window or not.
    if (successor !== null && (await isUnspent(db, successor))) {
      return { ok: true, userId: row.userId, sessionId: row.sessionId, refreshToken: successor };
    }
  }
  await revokeSession(db, row.sessionId, 'refresh_token_reuse');
  return { ok: false, reason: 'reused', sessionId: row.sessionId };
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Revokes every session of a user, except `keepSessionId` when given; returns the revoked ids. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  keepSessionId?: string,
): Promise<string[]> {
  const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(authSessions.id, keepSessionId));
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: authSessions.id });
  return rows.map((r) => r.id);
}

export async function isSessionActive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        sql`${authSessions.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return !!row;
}
