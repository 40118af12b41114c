import type { Server } from 'node:http';
import { addressKey } from '../address-key';

/**
 * HTTP connections one client address may hold open at once unless told otherwise
 * (HTTP_MAX_CONNECTIONS_PER_ADDRESS): a browser opens six or so, a classroom behind one address a
 * few hundred at most. Without a cap one address's unfinished requests took every file descriptor
 * and every other client was refused (the attack review of 2026-11-28).
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

/**
 * Cuts a new connection from an address that already holds `max` open (counted on the socket's
 * peer address: behind a reverse proxy that is the proxy, so the cap is off there by default).
 * Returns the open count of an address, for tests.
 */
export function capConnectionsPerAddress(server: Server, max: number): (address: string) => number {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = addressKey(socket.remoteAddress ?? '');
    const n = (open.get(address) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return (address) => open.get(address) ?? 0;
}
