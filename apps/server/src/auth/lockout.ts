import { LOGIN_ATTEMPT_WINDOW_MS } from '@asl/protocol';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

/**
 * Server-side lockout mirroring the client's: `maxAttempts` failed sign-ins for one
 * account (or unknown identifier) within 15 minutes lock it until the window passes.
 */
export class Lockout {
  constructor(
    private readonly db: Db,
    private readonly maxAttempts: number,
    private readonly windowMs = LOGIN_ATTEMPT_WINDOW_MS,
  ) {}

  async isLocked(key: string): Promise<boolean> {
    const since = new Date(Date.now() - this.windowMs);
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginFailures)
      .where(and(eq(loginFailures.identifier, key), gt(loginFailures.createdAt, since)));
    return (row?.n ?? 0) >= this.maxAttempts;
  }

  async recordFailure(key: string, ip: string | null): Promise<void> {
    await this.db.insert(loginFailures).values({ identifier: key, ip });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.identifier, key));
  }
}

export function lockoutKey(user: { id: string } | null, identifier: string): string {
  return user ? `user:${user.id}` : `id:${identifier}`;
}
