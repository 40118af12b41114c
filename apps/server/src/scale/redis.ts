import { Redis } from 'ioredis';

/** Prefix of every key this app writes, so one Redis can be shared with other apps. */
export const REDIS_PREFIX = 'asl:';

export interface RedisHandle {
  client: Redis;
  /** True when Redis answers PING within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * One ioredis client per process (REDIS_URL). Commands fail fast while Redis is unreachable
 * instead of queueing forever, so a request waits at most a short while and /ready turns 503.
 */
export async function connectRedis(url: string): Promise<RedisHandle> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Reconnection is automatic; an unhandled 'error' event would crash the process.
  client.on('error', () => {});
  // Unreachable at start-up is not fatal: ioredis keeps reconnecting, /ready answers 503 meanwhile.
  await client.connect().catch(() => undefined);
  // A database Redis does not have is refused here: ioredis would go on in database 0, sharing keys with
  // whatever else uses it (the attack review of 2026-11-28), so the process stops and says why.
  const db = client.options.db ?? 0;
  if (client.status === 'ready') {
    const refused = await client.select(db).then(
      () => null,
      (err: Error) => (/^ERR/.test(err.message) ? err.message : null),
    );
    if (refused) {
      client.disconnect();
      throw new Error(`REDIS_URL: Redis has no database ${db} (${refused})`);
    }
  }
  let closed = false;
  return {
    client,
    async ping(timeoutMs = 1_000) {
      if (closed || client.status !== 'ready') return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([
          client.ping().then(
            (r) => r === 'PONG',
            () => false,
          ),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}
