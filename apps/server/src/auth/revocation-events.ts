import type { RevocationStore } from './revocations';

/**
 * A revocation store that also announces each revocation (to close the sessions' live sockets).
 * The denylist is written first, so a socket opened meanwhile is caught by checking it; the
 * announcement goes out even when the denylist write fails (Redis unreachable).
 */
export class AnnouncingRevocationStore implements RevocationStore {
  constructor(
    private readonly inner: RevocationStore,
    private readonly announce: (sessionIds: readonly string[]) => Promise<void>,
  ) {}

  async revoke(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    try {
      await this.inner.revoke(sessionIds);
    } finally {
      await this.announce(sessionIds);
    }
  }

  isRevoked(sessionId: string): Promise<boolean> {
    return this.inner.isRevoked(sessionId);
  }
}
