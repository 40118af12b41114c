import { randomUUID } from 'node:crypto';
import { CLOSE_CODES, type ErrorCode } from '@asl/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveBus, LiveBusMessage } from '../scale/live-bus';
import type { SocketLedger } from '../scale/socket-ledger';
import type { LiveConnection } from './connection';
import { errorEntry } from '../errors';

/** Who opened a socket: the learner and the sign-in session of the access token. */
export interface LiveOwner {
  userId: string;
  authSessionId: string;
}

interface Entry extends LiveOwner {
  conn: LiveConnection;
}

export interface LiveSocketsDeps {
  bus: LiveBus;
  ledger: SocketLedger;
  /** The revocation denylist: a session revoked while its socket was opening is caught here. */
  isRevoked?: (authSessionId: string) => Promise<boolean>;
  log: FastifyBaseLogger;
  /** Told the number of open sockets in this process whenever it changes. */
  onCount?: (n: number) => void;
}

/** A close reason that carries its code: `LIVE_SESSION_REVOKED: You have been signed out...` (at most 123 bytes). */
export function codedReason(code: ErrorCode): string {
  return `${code}: ${errorEntry(code).message}`.slice(0, 123);
}

/**
 * This process's open live sockets, by sign-in session and learner: closes a revoked session's
 * sockets (closeCode 4001) and a learner's oldest sockets beyond the cap (4002), whichever process
 * asked, through the live bus.
 */
export class LiveSockets {
  private readonly entries = new Map<string, Entry>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: LiveSocketsDeps) {
    this.unsubscribe = deps.bus.subscribe((msg) => this.onBus(msg));
  }

  get size(): number {
    return this.entries.size;
  }

  connections(): LiveConnection[] {
    return [...this.entries.values()].map((e) => e.conn);
  }

  /** Registers an open socket; resolves once revocation and the cap have been checked. */
  async add(conn: LiveConnection, owner: LiveOwner): Promise<void> {
    const id = randomUUID();
    this.entries.set(id, { conn, ...owner });
    this.deps.onCount?.(this.entries.size);
    const opening = this.deps.ledger.opened(owner.userId, id).catch((err: unknown) => {
      this.deps.log.warn({ err: (err as Error).message }, 'live socket ledger failed');
      return [] as string[];
    });
    conn.socket.once('close', () => {
      this.entries.delete(id);
      this.deps.onCount?.(this.entries.size);
      // After the open is recorded, so a socket that closes at once leaves nothing behind.
      void opening.then(() => this.deps.ledger.closed(owner.userId, id)).catch(() => undefined);
    });
    // Revoked after the token was checked but before this socket was listed: the bus message is gone,
    // the denylist is not (it is written before the message is sent).
    if (await this.deps.isRevoked?.(owner.authSessionId).catch(() => false)) {
      this.closeEntry(id, CLOSE_CODES.sessionRevoked, 'LIVE_SESSION_REVOKED');
    }
    const evicted = await opening;
    if (evicted.length > 0) await this.deps.bus.publish({ type: 'close_sockets', socketIds: evicted });
  }

  close(): void {
    this.unsubscribe();
  }

  private onBus(msg: LiveBusMessage): void {
    if (msg.type === 'sessions_revoked') {
      const revoked = new Set(msg.sessionIds);
      for (const [id, e] of this.entries) {
        if (revoked.has(e.authSessionId)) this.closeEntry(id, CLOSE_CODES.sessionRevoked, 'LIVE_SESSION_REVOKED');
      }
    } else {
      for (const id of msg.socketIds) this.closeEntry(id, CLOSE_CODES.tooManySockets, 'LIVE_TOO_MANY_SOCKETS');
    }
  }

  private closeEntry(id: string, closeCode: number, code: ErrorCode): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.deps.log.info({ userId: e.userId, code }, 'closing live socket');
    e.conn.close(closeCode, codedReason(code));
  }
}
