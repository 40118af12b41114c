import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FallbackLockoutStore, Lockout, RedisLockoutStore, type LockoutStore } from '../auth/lockout';
import { MemoryRevocationStore, RedisRevocationStore } from '../auth/revocations';
import { requireInCi, TEST_REDIS_URL } from '../test/redis';
import { memoryLiveCount, redisLiveCount } from './live-count';
import { connectRedis, type RedisHandle } from './redis';

requireInCi({ TEST_REDIS_URL });

describe('MemoryRevocationStore', () => {
  it('refuses a revoked session until the TTL passes', async () => {
    let now = 1_000;
    const store = new MemoryRevocationStore(900_000, () => now);
    await store.revoke(['a']);
    expect(await store.isRevoked('a')).toBe(true);
    expect(await store.isRevoked('b')).toBe(false);
    now += 899_999;
    expect(await store.isRevoked('a')).toBe(true);
    now += 1;
    expect(await store.isRevoked('a')).toBe(false);
  });
});

describe('FallbackLockoutStore', () => {
  it('uses the fallback store while the primary fails, and reports the error', async () => {
    const counts = new Map<string, number>();
    const fallback: LockoutStore = {
      count: async (k) => counts.get(k) ?? 0,
      record: async (k) => void counts.set(k, (counts.get(k) ?? 0) + 1),
      clear: async (k) => void counts.delete(k),
    };
    const down = () => Promise.reject(new Error('redis down'));
    const errors: unknown[] = [];
    const lockout = new Lockout(
      new FallbackLockoutStore({ count: down, record: down, clear: down }, fallback, (e) => errors.push(e)),
      2,
    );
    await lockout.recordFailure('user:1', null);
    expect(await lockout.isLocked('user:1')).toBe(false);
    await lockout.recordFailure('user:1', null);
    expect(await lockout.isLocked('user:1')).toBe(true);
    await lockout.clear('user:1');
    expect(await lockout.isLocked('user:1')).toBe(false);
    expect(errors).toHaveLength(6);
  });
});

describe('memoryLiveCount', () => {
  it('totals this process only', async () => {
    const c = memoryLiveCount();
    c.set(3);
    expect(c.local()).toBe(3);
    expect(await c.total()).toBe(3);
  });
});

describe.runIf(TEST_REDIS_URL)('Redis stores (TEST_REDIS_URL)', () => {
  let a: RedisHandle;
  let b: RedisHandle;
  beforeAll(async () => {
    // Two clients stand for two processes.
    a = await connectRedis(TEST_REDIS_URL);
    b = await connectRedis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('answers ping', async () => {
    expect(await a.ping()).toBe(true);
  });

  it('shares the lockout count between processes and clears it', async () => {
    const key = `user:${randomUUID()}`;
    const la = new Lockout(new RedisLockoutStore(a.client), 3);
    const lb = new Lockout(new RedisLockoutStore(b.client), 3);
    await la.recordFailure(key, '1.2.3.4');
    await lb.recordFailure(key, '1.2.3.4');
    expect(await la.isLocked(key)).toBe(false);
    await la.recordFailure(key, null);
    expect(await lb.isLocked(key)).toBe(true);
    await lb.clear(key);
    expect(await la.isLocked(key)).toBe(false);
  });

  it('counts only failures inside the window, and the key expires with it', async () => {
    const key = `id:${randomUUID()}`;
    const store = new RedisLockoutStore(a.client);
    await store.record(key, null, 60_000);
    expect(await store.count(key, 60_000)).toBe(1);
    const pttl = await a.client.pttl(`asl:lockout:${key}`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(60_000);
    // A failure older than the window is not counted.
    await a.client.zadd(`asl:lockout:${key}`, Date.now() - 120_000, 'old');
    expect(await store.count(key, 60_000)).toBe(1);
  });

  it('a session revoked on one process is refused on another, for the access-token lifetime', async () => {
    const id = randomUUID();
    await new RedisRevocationStore(a.client, 900_000).revoke([id]);
    const other = new RedisRevocationStore(b.client, 900_000);
    expect(await other.isRevoked(id)).toBe(true);
    expect(await other.isRevoked(randomUUID())).toBe(false);
    const pttl = await b.client.pttl(`asl:revoked:${id}`);
    expect(pttl).toBeGreaterThan(890_000);
  });

  it('sums live connections over processes, and a process drops out when it closes', async () => {
    const pa = redisLiveCount(a.client, `test-a-${randomUUID()}`);
    const pb = redisLiveCount(b.client, `test-b-${randomUUID()}`);
    const before = await pa.total();
    pa.set(2);
    pb.set(5);
    // set() publishes without waiting; a PING on each connection orders after its SET.
    await Promise.all([a.client.ping(), b.client.ping()]);
    expect(await pa.total()).toBe(before + 7);
    expect(pa.local()).toBe(2);
    await pb.close();
    expect(await pa.total()).toBe(before + 2);
    await pa.close();
  });
});
