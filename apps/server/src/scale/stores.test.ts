import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { FallbackLockoutStore, Lockout, RedisLockoutStore, type LockoutStore } from '../auth/lockout';
import { RedisGraceStore } from '../auth/refresh-grace';
import { MemoryRevocationStore, RedisRevocationStore } from '../auth/revocations';
import { requireInCi, TEST_REDIS_URL } from '../test/redis';
import { memoryLiveBus, redisLiveBus, type LiveBusMessage } from './live-bus';
import { memoryLiveCount, redisLiveCount } from './live-count';
import { memorySocketLedger, redisSocketLedger } from './socket-ledger';
import { connectRedis, type RedisHandle } from './redis';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port nothing listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

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

describe('memorySocketLedger', () => {
  it('answers the oldest sockets beyond the cap, per learner, and forgets closed ones', async () => {
    const ledger = memorySocketLedger(2);
    expect(await ledger.opened('u', 's1')).toEqual([]);
    expect(await ledger.opened('u', 's2')).toEqual([]);
    expect(await ledger.opened('v', 't1')).toEqual([]);
    expect(await ledger.opened('u', 's3')).toEqual(['s1']);
    await ledger.closed('u', 's2');
    expect(await ledger.opened('u', 's4')).toEqual([]);
    expect(await ledger.opened('u', 's5')).toEqual(['s3']);
  });
});

describe('memoryLiveBus', () => {
  it('delivers a message once to every listener until it unsubscribes', async () => {
    const bus = memoryLiveBus();
    const got: LiveBusMessage[] = [];
    const off = bus.subscribe((m) => got.push(m));
    bus.subscribe(() => {
      throw new Error('a failing listener does not stop the others');
    });
    await bus.publish({ type: 'sessions_revoked', sessionIds: ['a'] });
    off();
    await bus.publish({ type: 'close_sockets', socketIds: ['b'] });
    expect(got).toEqual([{ type: 'sessions_revoked', sessionIds: ['a'] }]);
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

  // The attack review of 2026-11-28: REDIS_URL naming a database Redis does not have started the
  // server in database 0, sharing limits and lockouts with whatever else was there.
  it('refuses a REDIS_URL naming a database Redis does not have, and takes one it has', async () => {
    const url = (db: number) => Object.assign(new URL(TEST_REDIS_URL!), { pathname: `/${db}` }).toString();
    await expect(connectRedis(url(99_999))).rejects.toThrow(/^REDIS_URL: Redis has no database 99999 \(ERR/);
    const one = await connectRedis(url(1));
    try {
      expect(await one.ping()).toBe(true);
      expect(await one.client.client('INFO')).toMatch(/ db=1 /);
    } finally {
      await one.close();
    }
  });

  // The re-check of 2026-11-28: with Redis down at start, the check was skipped, and once Redis came
  // up the keys went to database 0.
  it(
    'closes the client, and is not ready, when Redis comes up later without the database',
    { timeout: 20_000 },
    async () => {
      const port = await freePort();
      let said!: (problem: string) => void;
      const problem = new Promise<string>((resolve) => (said = resolve));
      const late = await connectRedis(`redis://127.0.0.1:${port}/99999`, said);
      const server = spawn('redis-server', [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ]);
      // stopped even if the test times out (before the fix nothing is ever said)
      onTestFinished(() => {
        server.kill();
        return late.close();
      });
      expect(await problem).toMatch(/^REDIS_URL: Redis has no database 99999 \(ERR/);
      expect(await late.ping()).toBe(false);
      await vi.waitFor(() => expect(late.client.status).toBe('end'));
    },
  );

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

  it('delivers a live-bus message once to every process, the sender included', async () => {
    const [busA, busB] = [await redisLiveBus(a.client), await redisLiveBus(b.client)];
    const got = { a: [] as LiveBusMessage[], b: [] as LiveBusMessage[] };
    busA.subscribe((m) => got.a.push(m));
    const arrived = new Promise<void>((resolve) =>
      busB.subscribe((m) => {
        got.b.push(m);
        resolve();
      }),
    );
    const msg: LiveBusMessage = { type: 'sessions_revoked', sessionIds: [randomUUID()] };
    await busA.publish(msg);
    await arrived;
    // A's echo from Redis is not delivered again: a round trip through A's subscriber settles it.
    const settle: LiveBusMessage = { type: 'close_sockets', socketIds: ['settle'] };
    const settled = new Promise<void>((resolve) => busA.subscribe((m) => m.type === 'close_sockets' && resolve()));
    await busB.publish(settle);
    await settled;
    expect(got.a).toEqual([msg, settle]);
    expect(got.b).toEqual([msg, settle]);
    await Promise.all([busA.close(), busB.close()]);
  });

  it('caps a learner’s sockets across processes, oldest first', async () => {
    const user = randomUUID();
    const la = redisSocketLedger(a.client, 2);
    const lb = redisSocketLedger(b.client, 2);
    expect(await la.opened(user, 'a1')).toEqual([]);
    expect(await lb.opened(user, 'b1')).toEqual([]);
    expect(await la.opened(user, 'a2')).toEqual(['a1']);
    await lb.closed(user, 'b1');
    expect(await lb.opened(user, 'b2')).toEqual([]);
    expect(await lb.opened(user, 'b3')).toEqual(['a2']);
    const pttl = await a.client.pttl(`asl:live-sockets:${user}`);
    expect(pttl).toBeGreaterThan(0);
  });

  it('hands a sealed refresh successor to another process, waiting for one still being stored', async () => {
    const ga = new RedisGraceStore(a.client);
    const gb = new RedisGraceStore(b.client);
    const key = randomUUID();
    const waiting = gb.get(key, 2_000);
    await ga.put(key, 'sealed', 5_000);
    expect(await waiting).toBe('sealed');
    expect(await gb.get(randomUUID(), 50)).toBeNull();
    const pttl = await a.client.pttl(`asl:refresh-grace:${key}`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(5_000);
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
