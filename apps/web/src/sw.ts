/// <reference lib="webworker" />
/**
 * The service worker, built by vite-plugin-pwa (injectManifest) to `/sw.js`:
 * - precaches the app shell (index.html and the built assets), so the signed-in app reloads
 *   offline; a new version waits until the learner presses Reload on "A new version is ready";
 * - serves every navigation from the precached index.html (SPA fallback), never /api/ or /ws/;
 * - caches story content (GET /api/v1/stories...) network-first for offline practice, and the
 *   in-browser recogniser's models and wasm runtime after their first use;
 * - on the Background Sync tags `practice-data` and `analytics`, asks an open page to replay the
 *   offline queues. The page does the upload because the learner's tokens live in the page's
 *   localStorage, which a service worker cannot read; the page also replays on start and on
 *   `online`, so browsers without Background Sync lose nothing.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** The spec's sync tags (also SYNC_TAGS in @asl/protocol; kept literal so the worker stays free of zod). */
const SYNC_TAGS = ['practice-data', 'analytics'];
/** How long a page may take to replay a queue before the sync counts as failed (and is retried). */
const FLUSH_TIMEOUT_MS = 60_000;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open pages at once; later versions wait for the learner (SKIP_WAITING).
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/metrics$/, /^\/sw\.js$/],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && /^\/api\/v1\/stories(\/|$)/.test(url.pathname),
  new NetworkFirst({ cacheName: 'signspeak-stories', networkTimeoutSeconds: 5 }),
);

// The in-browser recogniser for offline practice: the ONNX models (revalidated by ETag, so a new
// model reaches the cache on the next online visit) and the onnxruntime-web runtime: its wasm and
// the script that loads it (and starts its threads), both with hashed names.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && /^\/models\/[a-z-]+\.onnx$/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'signspeak-models' }),
);
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && /^\/assets\/[^/]+\.(?:wasm|mjs)$/.test(url.pathname),
  new CacheFirst({ cacheName: 'signspeak-runtime' }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Asks one open page to flush the queue of `tag`; rejects (so the browser retries) when none can. */
async function askPageToFlush(tag: string): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: false });
  if (pages.length === 0) throw new Error(`no open page to replay ${tag}; it replays at the next start`);
  const ok = await new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), FLUSH_TIMEOUT_MS);
    channel.port1.onmessage = (e: MessageEvent<{ ok?: boolean }>) => {
      clearTimeout(timer);
      resolve(e.data?.ok === true);
    };
    pages[0]!.postMessage({ type: 'sync-request', tag }, [channel.port2]);
  });
  if (!ok) throw new Error(`${tag} is still queued`);
}

self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (SYNC_TAGS.includes(e.tag)) e.waitUntil(askPageToFlush(e.tag));
});
