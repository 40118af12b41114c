import type { Redis } from 'ioredis';
import { REDIS_PREFIX } from './redis';

/** Each learner's open live sockets, oldest first, so a learner keeps at most `max` open. */
export interface SocketLedger {
  /** Records a socket just opened; answers the ids of that learner's sockets to close, oldest first. */
  opened(userId: string, socketId: string): Promise<string[]>;
  closed(userId: string, socketId: string): Promise<void>;
}

/** One process: the cap holds per process. */
export function memorySocketLedger(max: number): SocketLedger {
  const byUser = new Map<string, string[]>();
  return {
    async opened(userId, socketId) {
      const list = byUser.get(userId) ?? [];
      list.push(socketId);
      byUser.set(userId, list);
      return list.length > max ? list.splice(0, list.length - max) : [];
    },
    async closed(userId, socketId) {
      const list = byUser.get(userId);
      if (!list) return;
      const i = list.indexOf(socketId);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0) byUser.delete(userId);
    },
  };
}

/** Adds the socket in open order (a shared sequence) and removes and answers those beyond the cap, atomically. */
const OPEN_SCRIPT = `
local seq = redis.call('INCR', KEYS[2])
redis.call('ZADD', KEYS[1], seq, ARGV[1])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
local evicted = {}
if over > 0 then
  evicted = redis.call('ZRANGE', KEYS[1], 0, over - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1)
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return evicted
`;

/** A learner's ledger key lives this long after their last socket opened or closed. */
export const SOCKET_LEDGER_TTL_MS = 24 * 3_600_000;

/**
 * Every process: one sorted set per learner in Redis, so the cap holds across processes (the
 * sockets to close may be another process's: the caller tells every process through the live
 * bus). The per-process ledger is kept too and decides alone while Redis is unreachable. A killed
 * process's entries are the oldest, so they are the first evicted, or expire with the key.
 */
export function redisSocketLedger(
  redis: Redis,
  max: number,
  onError: (err: unknown) => void = () => {},
  ttlMs = SOCKET_LEDGER_TTL_MS,
): SocketLedger {
  const local = memorySocketLedger(max);
  const key = (userId: string) => `${REDIS_PREFIX}live-sockets:${userId}`;
  return {
    async opened(userId, socketId) {
      const evicted = new Set(await local.opened(userId, socketId));
      try {
        const shared = (await redis.eval(
          OPEN_SCRIPT,
          2,
          key(userId),
          `${REDIS_PREFIX}live-sockets-seq`,
          socketId,
          String(max),
          String(ttlMs),
        )) as string[];
        for (const id of shared) evicted.add(id);
      } catch (err) {
        onError(err);
      }
      return [...evicted];
    },
    async closed(userId, socketId) {
      await local.closed(userId, socketId);
      await redis.zrem(key(userId), socketId).then(() => undefined, onError);
    },
  };
}
