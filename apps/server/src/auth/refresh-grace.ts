import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS_PREFIX } from '../scale/redis';
import { hashToken } from './tokens';

/**
 * The refresh grace window (issue 14 item 11): two tabs refreshing with the same token at once
 * both get the one successor, instead of the second counting as theft and revoking the session.
 *
 * The successor of a just-spent token is kept for the window only, sealed (AES-256-GCM) under a
 * key derived from the spent token itself: whoever can open it already holds the spent token, which
 * within the window would get the successor anyway. Neither the store (memory or Redis) nor the
 * database (which keeps only SHA-256 hashes) is enough to recover a usable token.
 */
export interface GraceStore {
  put(key: string, sealed: string, ttlMs: number): Promise<void>;
  /** The sealed successor under `key`, waiting up to `waitMs` for a rotation still under way to put it. */
  get(key: string, waitMs: number): Promise<string | null>;
}

export interface RefreshGrace {
  windowMs: number;
  store: GraceStore;
}

/** How long a request that lost the race waits for the winner to store the successor. */
export const GRACE_WAIT_MS = 2_000;

const INFO = Buffer.from('asl refresh successor v1');

function keyFor(spent: string): Buffer {
  return Buffer.from(hkdfSync('sha256', spent, Buffer.alloc(0), INFO, 32));
}

/** The grace store's key for a spent token: its hash, as the database already keeps it. */
export const graceKey = (spent: string) => hashToken(spent);

export function sealSuccessor(spent: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(spent), iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The successor, or null when `sealed` was not sealed under this spent token. */
export function openSuccessor(spent: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFor(spent), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** One process: entries expire with the window; a waiting get is woken by the put. */
export class MemoryGraceStore implements GraceStore {
  private readonly entries = new Map<string, { sealed: string; until: number }>();
  private readonly waiters = new Map<string, Set<(sealed: string) => void>>();
  constructor(private readonly now: () => number = Date.now) {}

  async put(key: string, sealed: string, ttlMs: number): Promise<void> {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
    this.entries.set(key, { sealed, until: now + ttlMs });
    for (const wake of this.waiters.get(key) ?? []) wake(sealed);
    this.waiters.delete(key);
  }

  peek(key: string): string | null {
    const e = this.entries.get(key);
    return e && e.until > this.now() ? e.sealed : null;
  }

  get(key: string, waitMs: number): Promise<string | null> {
    const found = this.peek(key);
    if (found !== null || waitMs <= 0) return Promise.resolve(found);
    return new Promise((resolve) => {
      const set = this.waiters.get(key) ?? new Set();
      const wake = (sealed: string | null) => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0) this.waiters.delete(key);
        resolve(sealed);
      };
      const timer = setTimeout(() => wake(null), waitMs);
      timer.unref();
      set.add(wake);
      this.waiters.set(key, set);
    });
  }
}

const POLL_MS = 20;

/**
 * Every process: the sealed successor in Redis for the window, so the second tab may hit another
 * process. This process's memory is kept too, so the window still works on one process while
 * Redis is unreachable.
 */
export class RedisGraceStore implements GraceStore {
  private readonly local: MemoryGraceStore;
  constructor(
    private readonly redis: Redis,
    private readonly onError: (err: unknown) => void = () => {},
    now: () => number = Date.now,
  ) {
    this.local = new MemoryGraceStore(now);
  }

  private key(k: string): string {
    return `${REDIS_PREFIX}refresh-grace:${k}`;
  }

  async put(key: string, sealed: string, ttlMs: number): Promise<void> {
    await this.local.put(key, sealed, ttlMs);
    await this.redis.set(this.key(key), sealed, 'PX', ttlMs).then(() => undefined, this.onError);
  }

  async get(key: string, waitMs: number): Promise<string | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const local = this.local.peek(key);
      if (local !== null) return local;
      const shared = await this.redis.get(this.key(key)).catch((err: unknown) => (this.onError(err), null));
      if (shared !== null) return shared;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      // The winner of the race is between spending the token and storing its successor: a few ms.
      await this.local.get(key, Math.min(POLL_MS, left));
    }
  }
}
