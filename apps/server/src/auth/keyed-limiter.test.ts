import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisHandle } from '../scale/redis';
import { requireInCi, TEST_REDIS_URL } from '../test/redis';
import {
  FallbackCounterStore,
  KeyedLimiter,
  MemoryCounterStore,
  RedisCounterStore,
  type CounterStore,
} from './keyed-limiter';

requireInCi({ TEST_REDIS_URL });

const rule = (name: string, max: number, windowMs = 60_000) => ({ name, max, windowMs });

describe('KeyedLimiter (memory)', () => {
  it('allows max hits per key in a window, then refuses with the seconds left; a new window starts over', async () => {
    let now = 0;
    const limiter = new KeyedLimiter(new MemoryCounterStore(() => now));
    const r = rule('login:id', 2);
    expect((await limiter.hit(r, 'ada')).allowed).toBe(true);
    now = 15_000;
    expect((await limiter.hit(r, 'ada')).allowed).toBe(true);
    const third = await limiter.hit(r, 'ada');
    expect(third).toMatchObject({ allowed: false, count: 3, retryAfterSec: 45 });
    expect((await limiter.hit(r, 'bea')).allowed).toBe(true);
    now = 60_000;
    expect((await limiter.hit(r, 'ada')).allowed).toBe(true);
  });

  it('counts every check of hitAll, even when an earlier one already refused', async () => {
    const limiter = new KeyedLimiter(new MemoryCounterStore());
    const perIp = rule('login:ip', 1);
    const perId = rule('login:id', 3);
    // Each attempt comes from a new address: only the per-identifier limit can stop them.
    const verdicts = [];
    for (let i = 0; i < 4; i++)
      verdicts.push(
        await limiter.hitAll([
          [perIp, `10.0.0.${i}`],
          [perId, 'ada'],
        ]),
      );
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]!.refusedBy).toBe(perId);
    // One address over its limit still counts toward the identifier's.
    await limiter.hitAll([
      [perIp, '10.0.0.0'],
      [perId, 'bea'],
    ]);
    const both = await limiter.hitAll([
      [perIp, '10.0.0.0'],
      [perId, 'bea'],
    ]);
    expect(both.allowed).toBe(false);
    expect((await limiter.hit(perId, 'bea')).count).toBe(3);
  });

  it('reset starts a key over', async () => {
    const limiter = new KeyedLimiter(new MemoryCounterStore());
    const r = rule('x', 1);
    await limiter.hit(r, 'k');
    expect((await limiter.hit(r, 'k')).allowed).toBe(false);
    await limiter.reset(r, 'k');
    expect((await limiter.hit(r, 'k')).allowed).toBe(true);
  });
});

describe('KeyedLimiter budgets (reserve, then release what was not used)', () => {
  it('reserves until the budget is used up; requests at once pass it by one cost at most; each key apart', async () => {
    let now = 0;
    const limiter = new KeyedLimiter(new MemoryCounterStore(() => now), () => now);
    const budget = { name: 'rows', max: 100, windowMs: 60_000 };
    const ada = [[budget, 'ada']] as const;
    const first = await limiter.reserve(ada, 60);
    expect(first).toMatchObject({ allowed: true, count: 60 });
    await limiter.release(ada, 25, first.endsAt); // 35 of them stored
    // ten requests of 30 at once: the budget's 65 left go to the first three, the third passing it
    const burst = await Promise.all(Array.from({ length: 10 }, () => limiter.reserve(ada, 30)));
    expect(burst.filter((v) => v.allowed)).toHaveLength(3);
    const refused = burst.find((v) => !v.allowed)!;
    expect(refused.retryAfterSec).toBe(60);
    // refused reservations took nothing: 35 + 90
    expect((await limiter.reserve(ada, 0)).count).toBe(125);
    expect((await limiter.reserve([[budget, 'bea']], 30)).allowed).toBe(true);
    // refused when any budget is used up, and the other gets its units back
    expect((await limiter.reserve([[budget, 'bea'], ...ada], 10)).allowed).toBe(false);
    expect((await limiter.reserve([[budget, 'bea']], 0)).count).toBe(30);
    now = 60_000; // the window ends
    expect(await limiter.reserve(ada, 10)).toMatchObject({ allowed: true, count: 10 });
  });

  // The attack review of 2026-11-28: a replay reserved 500 rows, stored none, and gave the 500 back
  // after its window had ended, into the next one, which then started at -500 (a budget of 3,600
  // let 8,000 through in the next hour).
  it('gives nothing back into a window the reservation was not taken from, and never below zero', async () => {
    let now = 0;
    const store = new MemoryCounterStore(() => now);
    const limiter = new KeyedLimiter(store, () => now);
    const budget = { name: 'rows', max: 100, windowMs: 60_000 };
    const ada = [[budget, 'ada']] as const;
    const replay = await limiter.reserve(ada, 50);
    now = 60_500; // the write ran past its window's end; the next window begins
    const next = await limiter.reserve(ada, 20);
    await limiter.release(ada, 50, replay.endsAt);
    expect((await limiter.reserve(ada, 0)).count).toBe(20);
    // nor in the last moment of a window (it may roll over on the way)
    now = 120_500 - 500;
    const late = await limiter.reserve(ada, 30);
    await limiter.release(ada, 30, late.endsAt);
    expect((await limiter.reserve(ada, 0)).count).toBe(50);
    // within the window, only what is there goes back
    await limiter.release(ada, 500, [now + 30_000]);
    expect((await limiter.reserve(ada, 0)).count).toBe(0);
    expect(next.allowed).toBe(true);
    // and a give-back to a key with no window starts none
    await store.giveBack('nobody', 5);
    expect((await store.hit('nobody', 60_000, 0)).count).toBe(0);
  });
});

describe('FallbackCounterStore', () => {
  it('counts in the fallback while the primary fails, and reports the error', async () => {
    const down = () => Promise.reject(new Error('redis down'));
    const broken: CounterStore = { hit: down, giveBack: down, reset: down };
    const errors: unknown[] = [];
    const limiter = new KeyedLimiter(new FallbackCounterStore(broken, new MemoryCounterStore(), (e) => errors.push(e)));
    const r = rule('x', 1);
    expect((await limiter.hit(r, 'k')).allowed).toBe(true);
    expect((await limiter.hit(r, 'k')).allowed).toBe(false);
    expect(errors).toHaveLength(2);
  });
});

describe.runIf(TEST_REDIS_URL)('RedisCounterStore (TEST_REDIS_URL)', () => {
  let a: RedisHandle;
  let b: RedisHandle;
  beforeAll(async () => {
    a = await connectRedis(TEST_REDIS_URL);
    b = await connectRedis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('shares counters between processes, with the window as the key TTL', async () => {
    const r = rule(`test-${randomUUID()}`, 2, 30_000);
    const la = new KeyedLimiter(new RedisCounterStore(a.client));
    const lb = new KeyedLimiter(new RedisCounterStore(b.client));
    expect((await la.hit(r, 'ada')).allowed).toBe(true);
    expect((await lb.hit(r, 'ada')).allowed).toBe(true);
    const third = await la.hit(r, 'ada');
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSec).toBeGreaterThan(0);
    expect(third.retryAfterSec).toBeLessThanOrEqual(30);
    await lb.reset(r, 'ada');
    expect((await la.hit(r, 'ada')).count).toBe(1);
  });

  it('reserves a budget by units shared between processes, with the window as TTL', async () => {
    const budget = { name: `test-${randomUUID()}`, max: 100, windowMs: 30_000 };
    const la = new KeyedLimiter(new RedisCounterStore(a.client));
    const lb = new KeyedLimiter(new RedisCounterStore(b.client));
    const ada = [[budget, 'ada']] as const;
    expect((await la.reserve(ada, 60)).allowed).toBe(true);
    expect((await lb.reserve(ada, 45)).allowed).toBe(true);
    const full = await lb.reserve(ada, 10);
    expect(full).toMatchObject({ allowed: false, count: 115 });
    expect(full.retryAfterSec).toBeGreaterThan(0);
    expect(full.retryAfterSec).toBeLessThanOrEqual(30);
    await la.release(ada, 45, full.endsAt);
    expect(await la.reserve(ada, 0)).toMatchObject({ allowed: true, count: 60 });
    // never below zero, and no window started by a give-back
    await lb.release(ada, 500, full.endsAt);
    expect(await la.reserve(ada, 0)).toMatchObject({ count: 0 });
    const other = [[budget, 'nobody']] as const;
    await la.release(other, 5, full.endsAt);
    expect((await la.reserve(other, 0)).count).toBe(0);
  });
});
