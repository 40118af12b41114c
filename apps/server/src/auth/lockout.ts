import { LOGIN_ATTEMPT_WINDOW_MS } from '@asl/protocol';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';
import { REDIS_PREFIX } from '../scale/redis';

/** Where failed sign-ins are counted: the database by default, Redis when REDIS_URL is set. */
export interface LockoutStore {
  /** Failures recorded for `key` within the last `windowMs`. */
  count(key: string, windowMs: number): Promise<number>;
  record(key: string, ip: string | null, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/**
 * Failures as rows of login_failures: shared by every process on the same database. Every
 * `pruneEvery`-th failure recorded also deletes the rows older than the window, so the table
 * stays the size of one window however many addresses an attacker uses.
 */
export class DbLockoutStore implements LockoutStore {
  private recorded = 0;
  constructor(
    private readonly db: Db,
    private readonly pruneEvery = 200,
  ) {}

  async count(key: string, windowMs: number): Promise<number> {
    const since = new Date(Date.now() - windowMs);
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginFailures)
      .where(and(eq(loginFailures.identifier, key), gt(loginFailures.createdAt, since)));
    return row?.n ?? 0;
  }

  async record(key: string, ip: string | null, windowMs: number): Promise<void> {
    await this.db.insert(loginFailures).values({ identifier: key, ip });
    if (++this.recorded % this.pruneEvery === 0) {
      await this.db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(Date.now() - windowMs)));
    }
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.identifier, key));
  }
}

/** Failures as a sorted set of timestamps per key, expiring with the window: shared across processes. */
export class RedisLockoutStore implements LockoutStore {
  constructor(private readonly redis: Redis) {}

  private key(key: string): string {
    return `${REDIS_PREFIX}lockout:${key}`;
  }

  async count(key: string, windowMs: number): Promise<number> {
    return this.redis.zcount(this.key(key), Date.now() - windowMs, '+inf');
  }

  async record(key: string, _ip: string | null, windowMs: number): Promise<void> {
    const now = Date.now();
    const k = this.key(key);
    await this.redis
      .multi()
      .zremrangebyscore(k, '-inf', now - windowMs)
      .zadd(k, now, `${now}:${Math.random().toString(36).slice(2)}`)
      .pexpire(k, windowMs)
      .exec();
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}

/**
 * Redis first; while Redis is unreachable each call falls back to the database store, so
 * sign-in keeps working (and keeps counting failures) through a Redis outage.
 */
export class FallbackLockoutStore implements LockoutStore {
  constructor(
    private readonly primary: LockoutStore,
    private readonly fallback: LockoutStore,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  private async either<T>(fn: (s: LockoutStore) => Promise<T>): Promise<T> {
    try {
      return await fn(this.primary);
    } catch (err) {
      this.onError(err);
      return fn(this.fallback);
    }
  }

  count(key: string, windowMs: number): Promise<number> {
    return this.either((s) => s.count(key, windowMs));
  }

  record(key: string, ip: string | null, windowMs: number): Promise<void> {
    return this.either((s) => s.record(key, ip, windowMs));
  }

  clear(key: string): Promise<void> {
    return this.either((s) => s.clear(key));
  }
}

/**
 * Server-side lockout mirroring the client's: `maxAttempts` failed sign-ins for one
 * account (or unknown identifier) within 15 minutes lock it until the window passes.
 */
export class Lockout {
  constructor(
    private readonly store: LockoutStore,
    private readonly maxAttempts: number,
    private readonly windowMs = LOGIN_ATTEMPT_WINDOW_MS,
  ) {}

  async isLocked(key: string): Promise<boolean> {
    return (await this.store.count(key, this.windowMs)) >= this.maxAttempts;
  }

  recordFailure(key: string, ip: string | null): Promise<void> {
    return this.store.record(key, ip, this.windowMs);
  }

  clear(key: string): Promise<void> {
    return this.store.clear(key);
  }
}

export function lockoutKey(user: { id: string } | null, identifier: string): string {
  return user ? `user:${user.id}` : `id:${identifier}`;
}
