import { SERVICE_WORKER_PATH } from '@asl/protocol';

/** After Reload is pressed, how long to wait for the new version to take the page before reloading anyway. */
export const UPDATE_RELOAD_FALLBACK_MS = 10_000;

/**
 * Registers `/sw.js` (spec section 1: a failure is only a warning and the app carries on).
 * workbox-window is loaded lazily so the first page stays small. When a new version is waiting,
 * `onUpdateReady` gets a function that activates it and reloads the page (`activateWaitingVersion`).
 */
export async function registerServiceWorker(onUpdateReady: (activate: () => void) => void): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox(SERVICE_WORKER_PATH, { scope: '/' });
    wb.addEventListener('waiting', () => {
      onUpdateReady(() => void activateWaitingVersion(navigator.serviceWorker));
    });
    await wb.register();
  } catch (err) {
    console.warn('Offline support is unavailable: the service worker could not be registered.', err);
  }
}

/**
 * Asks the waiting version to take over and reloads into it once it controls the page. The
 * learner pressed Reload, so the page always reloads: at once when nothing waits any more (the
 * new version already took over), and after `UPDATE_RELOAD_FALLBACK_MS` if the hand-over is
 * never seen (the browser may hold it while the old version finishes work; the reload then asks
 * again).
 */
export async function activateWaitingVersion(
  container: Pick<ServiceWorkerContainer, 'getRegistration' | 'addEventListener' | 'removeEventListener'>,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const waiting = (await container.getRegistration())?.waiting;
  if (!waiting) return reload();
  const once = () => {
    clearTimeout(timer);
    container.removeEventListener('controllerchange', once);
    reload();
  };
  container.addEventListener('controllerchange', once);
  const timer = setTimeout(once, UPDATE_RELOAD_FALLBACK_MS);
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
