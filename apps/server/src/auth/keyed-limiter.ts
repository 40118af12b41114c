import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS_PREFIX } from '../scale/redis';

/** One fixed-window counter: how many hits in the current window, and when the window ends. */
export interface CounterHit {
  count: number;
  /** Milliseconds until this key's window ends and its count starts again from zero. */
  resetMs: number;
}

/** Where the counters live: this process's memory, or Redis (shared by every process). */
export interface CounterStore {
  /**
   * Adds `cost` (one by default; 0 only reads) to `key` in its current window (a window of
   * `windowMs` starts at a key's first hit).
   */
  hit(key: string, windowMs: number, cost?: number): Promise<CounterHit>;
  /**
   * Takes `units` back off `key`'s current window: never below zero, and never into a window that
   * is not there (a give-back must not start a window below zero).
   */
  giveBack(key: string, units: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Counters in a Map; expired windows are swept as the map grows. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweep = 0;
  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number, cost = 1): Promise<CounterHit> {
    const now = this.now();
    if (now >= this.nextSweep) {
      for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
      this.nextSweep = now + 10_000;
    }
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += cost;
    return { count: w.count, resetMs: w.endsAt - now };
  }

  async giveBack(key: string, units: number): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.endsAt > this.now()) w.count = Math.max(0, w.count - units);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }
}

// INCRBY the cost, start the window on the first hit, answer the count and the time left (atomic in Redis).
const HIT_SCRIPT = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

// DECRBY the units on a key that exists (its window), never below zero (atomic in Redis).
const GIVE_BACK_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local n = redis.call('DECRBY', KEYS[1], ARGV[1])
if n < 0 then redis.call('INCRBY', KEYS[1], -n) end
return 1`;

/** Counters as Redis keys with a TTL: every process behind one Redis shares them. */
export class RedisCounterStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  private key(key: string): string {
    return `${REDIS_PREFIX}limit:${key}`;
  }

  async hit(key: string, windowMs: number, cost = 1): Promise<CounterHit> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.key(key), String(windowMs), String(cost))) as [
      number,
      number,
    ];
    return { count: Number(count), resetMs: Number(ttl) };
  }

  async giveBack(key: string, units: number): Promise<void> {
    await this.redis.eval(GIVE_BACK_SCRIPT, 1, this.key(key), String(units));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}

/** Redis first; while Redis is unreachable this process's memory counts, so limits keep holding. */
export class FallbackCounterStore implements CounterStore {
  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  async hit(key: string, windowMs: number, cost = 1): Promise<CounterHit> {
    try {
      return await this.primary.hit(key, windowMs, cost);
    } catch (err) {
      this.onError(err);
      return this.fallback.hit(key, windowMs, cost);
    }
  }

  async giveBack(key: string, units: number): Promise<void> {
    try {
      await this.primary.giveBack(key, units);
    } catch (err) {
      this.onError(err);
      await this.fallback.giveBack(key, units);
    }
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.primary.reset(key).catch(this.onError), this.fallback.reset(key)]);
  }
}

/** A named limit: at most `max` hits per key in `windowMs`. */
export interface LimitRule {
  name: string;
  max: number;
  windowMs: number;
}

export interface LimitVerdict {
  allowed: boolean;
  count: number;
  /** Whole seconds until the key may try again (at least 1); meaningful when refused. */
  retryAfterSec: number;
}

/** What a reservation took: when each of its windows ends, by this process's clock (ms). */
export interface Reservation extends LimitVerdict {
  endsAt: number[];
}

/**
 * A give-back this close to its window's end is dropped: the units were counted in that window, and
 * giving them back as it rolls over would take them off the next one (a write that straddled the
 * hour gave its whole reservation to the next hour's budget: the attack review of 2026-11-28).
 */
export const GIVE_BACK_MARGIN_MS = 1000;

/**
 * Fixed-window counters keyed by a rule's name and a key (an address, an identifier, a learner).
 * Each check counts on its own: unlike stacked @fastify/rate-limit hooks, a request counted by
 * one limit is still counted by the next. Keys are hashed, so no email or address is stored.
 */
export class KeyedLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly now: () => number = Date.now,
  ) {}

  private storeKey(rule: LimitRule, key: string): string {
    return `${rule.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;
  }

  async hit(rule: LimitRule, key: string): Promise<LimitVerdict> {
    const { count, resetMs } = await this.store.hit(this.storeKey(rule, key), rule.windowMs);
    return { allowed: count <= rule.max, count, retryAfterSec: Math.max(1, Math.ceil(resetMs / 1000)) };
  }

  /** Counts every (rule, key) pair, then answers: refused when any one is over its limit. */
  async hitAll(checks: readonly (readonly [LimitRule, string])[]): Promise<LimitVerdict & { refusedBy?: LimitRule }> {
    const verdicts = await Promise.all(checks.map(([rule, key]) => this.hit(rule, key)));
    let refused: (LimitVerdict & { refusedBy: LimitRule }) | undefined;
    verdicts.forEach((v, i) => {
      if (!v.allowed && (!refused || v.retryAfterSec > refused.retryAfterSec)) {
        refused = { ...v, refusedBy: checks[i]![0] };
      }
    });
    return refused ?? { allowed: true, count: Math.max(0, ...verdicts.map((v) => v.count)), retryAfterSec: 1 };
  }

  /**
   * A budget of `rule.max` units (e.g. rows stored) per key and window: takes `cost` units from
   * every (rule, key) at once, each atomically (INCRBY), and when any had none left before, gives
   * them back and refuses. Requests at the same moment each see the others' units, so together they
   * pass the budget by one request's cost at most. What was reserved and not used goes back with
   * release.
   */
  async reserve(checks: readonly (readonly [LimitRule, string])[], cost: number): Promise<Reservation> {
    const hits = await Promise.all(
      checks.map(([rule, key]) => this.store.hit(this.storeKey(rule, key), rule.windowMs, cost)),
    );
    const at = this.now();
    const endsAt = hits.map((h) => at + h.resetMs);
    const full = hits.filter((h, i) => h.count - cost >= checks[i]![0].max);
    const count = Math.max(0, ...hits.map((h) => h.count));
    if (full.length === 0) return { allowed: true, count, retryAfterSec: 1, endsAt };
    await this.release(checks, cost, endsAt);
    const retryAfterSec = Math.max(1, ...full.map((h) => Math.ceil(h.resetMs / 1000)));
    return { allowed: false, count, retryAfterSec, endsAt };
  }

  /**
   * Gives back `units` of a reservation to every (rule, key) (see reserve), into the window it was
   * taken from (`endsAt`, reserve's): a window that has ended, or is about to, gets nothing back.
   */
  async release(
    checks: readonly (readonly [LimitRule, string])[],
    units: number,
    endsAt: readonly number[],
  ): Promise<void> {
    if (units <= 0) return;
    const now = this.now();
    await Promise.all(
      checks.map(([rule, key], i) =>
        endsAt[i]! - now > GIVE_BACK_MARGIN_MS ? this.store.giveBack(this.storeKey(rule, key), units) : undefined,
      ),
    );
  }

  reset(rule: LimitRule, key: string): Promise<void> {
    return this.store.reset(this.storeKey(rule, key));
  }
}

/** The limiter of one process: counters in Redis when given (memory while it is unreachable), memory otherwise. */
export function createKeyedLimiter(redis: Redis | null, onRedisError?: (err: unknown) => void): KeyedLimiter {
  const memory = new MemoryCounterStore();
  return new KeyedLimiter(
    redis ? new FallbackCounterStore(new RedisCounterStore(redis), memory, onRedisError) : memory,
  );
}

export const perMinute = (name: string, max: number): LimitRule => ({ name, max, windowMs: 60_000 });
