import { useEffect, useState, useSyncExternalStore } from 'react';
import { expireSession, refreshSession } from '../../../lib/api/client';
import { tokenStore } from '../../../lib/api/tokens';
import { LiveSocket, liveSocketUrl } from '../../../lib/live/socket';

/** One live socket for the page's lifetime: connects on mount, disconnects when leaving. */
export function useLiveSocket(factory?: () => LiveSocket) {
  const [socket] = useState(
    () =>
      factory?.() ??
      new LiveSocket({
        url: () => liveSocketUrl(tokenStore.access()),
        // a refused refresh (signed out, here or in another tab) ends the session: the app goes to
        // sign-in instead of practising on the device for a learner who is no longer signed in
        refreshAuth: () =>
          refreshSession().then(
            (ok) => {
              if (!ok) expireSession('revoked');
              return ok;
            },
            () => false, // offline: the session stays
          ),
      }),
  );
  const snapshot = useSyncExternalStore(socket.subscribe, socket.getSnapshot);
  useEffect(() => {
    socket.connect();
    return () => socket.disconnect();
  }, [socket]);
  return { socket, snapshot };
}
