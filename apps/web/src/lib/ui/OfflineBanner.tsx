import { OFFLINE_BANNER_TEXT } from '@asl/protocol';
import { useSyncExternalStore } from 'react';
import './offline-banner.css';

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** 'No internet connection. Some features may not work.' while the browser is offline. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="alert">
      {OFFLINE_BANNER_TEXT}
    </div>
  );
}
