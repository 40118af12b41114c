import type { Redis } from 'ioredis';
import { REDIS_PREFIX } from '../scale/redis';

/**
 * Revoked auth sessions, remembered for as long as an access token of theirs can live, so a
 * revoked session's access token is refused at once. The database stays the system of record
 * (every request still checks the session row); this is the fast, shared first check.
 */
export interface RevocationStore {
  revoke(sessionIds: readonly string[]): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
}

/** One process: a map of session id to expiry time. */
export class MemoryRevocationStore implements RevocationStore {
  private readonly until = new Map<string, number>();
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async revoke(sessionIds: readonly string[]): Promise<void> {
    const now = this.now();
    for (const [id, t] of this.until) if (t <= now) this.until.delete(id);
    for (const id of sessionIds) this.until.set(id, now + this.ttlMs);
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    const t = this.until.get(sessionId);
    return t !== undefined && t > this.now();
  }
}

/** Every process: one key per revoked session with a TTL of the access-token lifetime. */
export class RedisRevocationStore implements RevocationStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlMs: number,
  ) {}

  private key(id: string): string {
    return `${REDIS_PREFIX}revoked:${id}`;
  }

  async revoke(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const m = this.redis.multi();
    for (const id of sessionIds) m.set(this.key(id), '1', 'PX', this.ttlMs);
    await m.exec();
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    return (await this.redis.exists(this.key(sessionId))) === 1;
  }
}
