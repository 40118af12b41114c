import { useEffect, useState, useSyncExternalStore } from 'react';
import { refreshSession } from '../../../lib/api/client';
import { tokenStore } from '../../../lib/api/tokens';
import { LiveSocket, liveSocketUrl } from '../../../lib/live/socket';

/** One live socket for the page's lifetime: connects on mount, disconnects when leaving. */
export function useLiveSocket(factory?: () => LiveSocket) {
  const [socket] = useState(
    () =>
      factory?.() ??
      new LiveSocket({
        url: () => liveSocketUrl(tokenStore.access()),
        refreshAuth: () => refreshSession().catch(() => false),
      }),
  );
  const snapshot = useSyncExternalStore(socket.subscribe, socket.getSnapshot);
  useEffect(() => {
    socket.connect();
    return () => socket.disconnect();
  }, [socket]);
  return { socket, snapshot };
}
