import { OFFLINE_BANNER_TEXT } from '@asl/protocol';
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
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

/**
 * 'No internet connection. Some features may not work.' while the browser is offline. It stays in
 * sight at the top of the window (a learner who scrolled down to the practice card would not see
 * it otherwise), and the sticky header sits below it: its height goes to
 * `--offline-banner-height` on the document.
 */
export function OfflineBanner() {
  const online = useOnline();
  const banner = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = banner.current;
    if (!el) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--offline-banner-height', `${el.offsetHeight}px`);
    measure();
    const watch = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    watch?.observe(el);
    return () => {
      watch?.disconnect();
      root.style.removeProperty('--offline-banner-height');
    };
  }, [online]);
  if (online) return null;
  return (
    <div ref={banner} className="offline-banner" role="alert">
      {OFFLINE_BANNER_TEXT}
    </div>
  );
}
