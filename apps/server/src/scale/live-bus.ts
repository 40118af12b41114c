import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS_PREFIX } from './redis';

/** What one process tells every process (itself included) about live sockets. */
export type LiveBusMessage =
  /** These sign-in sessions were revoked: close their sockets. */
  | { type: 'sessions_revoked'; sessionIds: string[] }
  /** These sockets are over their learner's cap: close them. */
  | { type: 'close_sockets'; socketIds: string[] };

export type LiveBusListener = (msg: LiveBusMessage) => void;

/**
 * Delivers each published message once to every listener of every process: this process's
 * listeners at once, the others' through Redis pub/sub when scaled out.
 */
export interface LiveBus {
  publish(msg: LiveBusMessage): Promise<void>;
  subscribe(listener: LiveBusListener): () => void;
  close(): Promise<void>;
}

export const LIVE_BUS_CHANNEL = `${REDIS_PREFIX}live-bus`;

class Listeners {
  private readonly set = new Set<LiveBusListener>();
  add(listener: LiveBusListener): () => void {
    this.set.add(listener);
    return () => void this.set.delete(listener);
  }
  deliver(msg: LiveBusMessage): void {
    for (const l of this.set) {
      try {
        l(msg);
      } catch {
        // A listener's failure must not keep the message from the others.
      }
    }
  }
}

/** One process. */
export function memoryLiveBus(): LiveBus {
  const listeners = new Listeners();
  return {
    publish: async (msg) => listeners.deliver(msg),
    subscribe: (l) => listeners.add(l),
    close: async () => {},
  };
}

function parse(raw: string): { from: string; msg: LiveBusMessage } | null {
  try {
    const v = JSON.parse(raw) as {
      from?: unknown;
      msg?: { type?: unknown; sessionIds?: unknown; socketIds?: unknown };
    };
    const ids = (x: unknown) => Array.isArray(x) && x.every((i) => typeof i === 'string');
    if (typeof v.from !== 'string' || !v.msg) return null;
    if (v.msg.type === 'sessions_revoked' && ids(v.msg.sessionIds)) return v as { from: string; msg: LiveBusMessage };
    if (v.msg.type === 'close_sockets' && ids(v.msg.socketIds)) return v as { from: string; msg: LiveBusMessage };
    return null;
  } catch {
    return null;
  }
}

/**
 * Every process: a second connection subscribes to one channel (a subscribed connection can do
 * nothing else). This process's own messages are delivered directly, not through Redis, so a
 * revocation closes local sockets even while Redis is unreachable; the echo is ignored.
 */
export async function redisLiveBus(client: Redis, onError: (err: unknown) => void = () => {}): Promise<LiveBus> {
  const origin = randomUUID();
  const listeners = new Listeners();
  const sub = client.duplicate({ lazyConnect: true, enableOfflineQueue: true, autoResubscribe: false });
  sub.on('error', () => {});
  const subscribe = () => sub.subscribe(LIVE_BUS_CHANNEL).then(() => undefined, onError);
  // Every (re)connection subscribes again, including one after a failed start.
  sub.on('ready', () => void subscribe());
  sub.on('message', (channel: string, raw: string) => {
    if (channel !== LIVE_BUS_CHANNEL) return;
    const parsed = parse(raw);
    if (parsed && parsed.from !== origin) listeners.deliver(parsed.msg);
  });
  // Unreachable at start-up is not fatal: ioredis keeps reconnecting.
  await sub.connect().then(subscribe, onError);
  return {
    async publish(msg) {
      listeners.deliver(msg);
      await client.publish(LIVE_BUS_CHANNEL, JSON.stringify({ from: origin, msg })).catch(onError);
    },
    subscribe: (l) => listeners.add(l),
    async close() {
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}
