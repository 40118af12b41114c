import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { REDIS_PREFIX } from './redis';

/** Open live sockets in this process and across every process of the deployment. */
export interface LiveCount {
  /** This process's count changed. */
  set(n: number): void;
  local(): number;
  /** The sum over every live process (this one only without Redis). */
  total(): Promise<number>;
  close(): Promise<void>;
}

/** One process: the total is the local count. */
export function memoryLiveCount(): LiveCount {
  let n = 0;
  return {
    set: (v) => void (n = v),
    local: () => n,
    total: async () => n,
    close: async () => {},
  };
}

export const LIVE_COUNT_TTL_MS = 30_000;

/**
 * Each process writes its count under its own key with a TTL and refreshes it, so a killed
 * process drops out of the total within the TTL; the total sums every process's key.
 */
export function redisLiveCount(
  redis: Redis,
  processId = `${hostname()}:${process.pid}`,
  ttlMs = LIVE_COUNT_TTL_MS,
): LiveCount {
  const key = `${REDIS_PREFIX}live:${processId}`;
  let n = 0;
  const publish = () => redis.set(key, String(n), 'PX', ttlMs).catch(() => undefined);
  void publish();
  const timer = setInterval(publish, Math.max(1_000, Math.floor(ttlMs / 3)));
  timer.unref();
  return {
    set(v) {
      n = v;
      void publish();
    },
    local: () => n,
    async total() {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}live:*`, 'COUNT', 200);
        cursor = next;
        keys.push(...batch);
      } while (cursor !== '0');
      if (keys.length === 0) return 0;
      const values = await redis.mget(...keys);
      return values.reduce((sum, v) => sum + (Number(v) || 0), 0);
    },
    async close() {
      clearInterval(timer);
      await redis.del(key).catch(() => undefined);
    },
  };
}
