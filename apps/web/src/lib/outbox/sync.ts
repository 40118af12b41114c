import { SYNC_TAGS, type SyncTag } from '@asl/protocol';
import { isOffline } from '../api/online';
import { onQueued, type FlushResult } from './common';
import { flushOutbox } from './outbox';

/** Page views are sent in batches: at most one analytics upload per this many ms while online. */
export const ANALYTICS_FLUSH_DELAY_MS = 2000;
const TAGS: SyncTag[] = [SYNC_TAGS.practiceData, SYNC_TAGS.analytics];

/** Message the service worker sends on a `sync` event; the page answers on the given port. */
export interface SyncRequestMessage {
  type: 'sync-request';
  tag: SyncTag;
}
export interface SyncReplyMessage {
  ok: boolean;
  result: FlushResult;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser for a Background Sync under `tag` (Chromium). The service worker's `sync`
 * event then asks an open page to flush. Where Background Sync is missing this does nothing:
 * the `online` listener and the start-up flush below replay the queue instead.
 */
export function registerBackgroundSync(tag: SyncTag): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller)
    return;
  void navigator.serviceWorker.ready
    .then((reg) => (reg as ServiceWorkerRegistration & SyncRegistration).sync?.register(tag))
    .catch(() => {
      /* Background Sync refused (permission, unsupported): the online listener covers it */
    });
}

/** Flushes now when online; keeps a Background Sync registered for whatever stays queued. */
export async function syncNow(tag: SyncTag): Promise<FlushResult> {
  if (isOffline()) {
    registerBackgroundSync(tag);
    return { sent: 0, dropped: 0, kept: 0 };
  }
  const result = await flushOutbox(tag);
  if (result.kept > 0) registerBackgroundSync(tag);
  return result;
}

export function syncAll(): Promise<FlushResult[]> {
  return Promise.all(TAGS.map(syncNow));
}

/**
 * Starts the replay of the offline queues: at once (app start), on every `online` event, when
 * the service worker relays a Background Sync, and after something is queued (practice data at
 * once, analytics batched). Returns a stop function.
 */
export function startOfflineSync(): () => void {
  let analyticsTimer: ReturnType<typeof setTimeout> | null = null;
  const stopQueued = onQueued((tag) => {
    if (tag !== SYNC_TAGS.analytics) return void syncNow(tag);
    if (isOffline()) return registerBackgroundSync(tag);
    analyticsTimer ??= setTimeout(() => {
      analyticsTimer = null;
      void syncNow(SYNC_TAGS.analytics);
    }, ANALYTICS_FLUSH_DELAY_MS);
  });
  const online = () => void syncAll();
  window.addEventListener('online', online);
  const sw = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  const onMessage = (event: MessageEvent) => {
    const msg = event.data as Partial<SyncRequestMessage> | null;
    if (msg?.type !== 'sync-request' || !msg.tag || !TAGS.includes(msg.tag)) return;
    const port = event.ports[0];
    void flushOutbox(msg.tag).then(
      (result) => port?.postMessage({ ok: result.kept === 0, result } satisfies SyncReplyMessage),
      () => port?.postMessage({ ok: false, result: { sent: 0, dropped: 0, kept: 0 } } satisfies SyncReplyMessage),
    );
  };
  sw?.addEventListener('message', onMessage);
  void syncAll();
  return () => {
    stopQueued();
    window.removeEventListener('online', online);
    sw?.removeEventListener('message', onMessage);
    if (analyticsTimer) clearTimeout(analyticsTimer);
  };
}
