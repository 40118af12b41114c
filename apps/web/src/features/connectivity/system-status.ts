import { API_BASE_PATH } from '@asl/protocol';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The sidebar's status line, from what is really known: the browser's connection, GET
 * /api/v1/ready (checked on start, every 30 s, when the connection returns and when the tab is
 * shown again) and, while a page holds one, the live practice socket.
 */
export type SystemState = 'checking' | 'ready' | 'offline' | 'unavailable' | 'live-reconnecting' | 'live-down';
/** The live socket as its page reports it: 'reconnecting' is closed with a reconnect on its way. */
export type LiveState = 'disconnected' | 'connecting' | 'reconnecting' | 'connected' | 'error';

export const SYSTEM_STATUS_TEXT: Record<SystemState, string> = {
  checking: 'Checking the connection…',
  ready: 'System Ready',
  offline: 'Offline: practice is saved on this device',
  unavailable: 'Server unavailable: some features may not work',
  'live-reconnecting': 'Reconnecting to live practice…',
  'live-down': 'Live practice is not connected',
};

export const READY_POLL_MS = 30_000;

interface Facts {
  online: boolean;
  /** null until the first answer */
  serverReady: boolean | null;
  /** null when no page holds a live socket */
  live: LiveState | null;
}

let facts: Facts = {
  online: typeof navigator === 'undefined' || navigator.onLine !== false,
  serverReady: null,
  live: null,
};
let state: SystemState = derive(facts);
const listeners = new Set<() => void>();

export function derive(f: Facts): SystemState {
  if (!f.online) return 'offline';
  if (f.live === 'connected') return 'ready';
  if (f.live === 'connecting' || f.live === 'reconnecting') return 'live-reconnecting';
  // the live socket gave up: the server down says more; with the server up, live practice is still off
  if (f.live === 'error') return f.serverReady === false ? 'unavailable' : 'live-down';
  if (f.serverReady === null) return 'checking';
  return f.serverReady ? 'ready' : 'unavailable';
}

function update(patch: Partial<Facts>): void {
  facts = { ...facts, ...patch };
  const next = derive(facts);
  if (next === state) return;
  state = next;
  for (const l of listeners) l();
}

/**
 * For the page that holds the live practice socket: report its state (null when the page lets
 * it go). The sidebar then follows the socket too.
 */
export function reportLiveState(live: LiveState | null): void {
  update({ live });
}

let checking: Promise<void> | null = null;
/** Asks GET /api/v1/ready once (never queued or retried: the next poll asks again). */
export function checkServerReady(fetchImpl: typeof fetch = fetch): Promise<void> {
  checking ??= fetchImpl(`${API_BASE_PATH}/ready`, { headers: { accept: 'application/json' }, cache: 'no-store' })
    .then(
      (res) => update({ serverReady: res.ok, online: true }),
      () => update({ serverReady: false, online: typeof navigator === 'undefined' || navigator.onLine !== false }),
    )
    .finally(() => {
      checking = null;
    });
  return checking;
}

let watchers = 0;
/** The status, kept current while at least one component shows it. */
export function useSystemStatus(): SystemState {
  useEffect(() => {
    if (watchers++ > 0) return () => void watchers--;
    const onOnline = () => {
      update({ online: true });
      void checkServerReady();
    };
    const onOffline = () => update({ online: false });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkServerReady();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    update({ online: navigator.onLine !== false });
    void checkServerReady();
    const timer = setInterval(() => void checkServerReady(), READY_POLL_MS);
    return () => {
      watchers--;
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
