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
export async function connectRedis(
  url: string,
  onMisconfigured: (problem: string) => void = (problem) => console.error(problem),
): Promise<RedisHandle> {
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
  // A database Redis does not have is refused: ioredis would go on in database 0, sharing keys with
  // whatever else uses it (the attack review of 2026-11-28). At start the process stops and says
  // why; when Redis comes up only later, the client is closed (the stores fall back to this
  // process's memory and the database) and /ready stays 503.
  const db = client.options.db ?? 0;
  const missingDb = () =>
    client.select(db).then(
      () => null,
      (err: Error) => (/^ERR/.test(err.message) ? `REDIS_URL: Redis has no database ${db} (${err.message})` : null),
    );
  let misconfigured: string | null = null;
  if (client.status === 'ready') {
    const problem = await missingDb();
    if (problem) {
      client.disconnect();
      throw new Error(problem);
    }
  } else {
    client.on('ready', () => {
      void missingDb().then((problem) => {
        if (!problem) return;
        misconfigured = problem;
        client.disconnect();
        onMisconfigured(problem);
      });
    });
  }
  let closed = false;
  return {
    client,
    async ping(timeoutMs = 1_000) {
      if (closed || misconfigured || client.status !== 'ready') return false;
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
