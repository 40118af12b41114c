import { SERVICE_WORKER_PATH } from '@asl/protocol';

/**
 * Registers `/sw.js` (spec section 1: a failure is only a warning and the app carries on).
 * workbox-window is loaded lazily so the first page stays small. When a new version is waiting,
 * `onUpdateReady` gets a function that activates it and reloads the page once it controls it.
 */
export async function registerServiceWorker(onUpdateReady: (activate: () => void) => void): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox(SERVICE_WORKER_PATH, { scope: '/' });
    wb.addEventListener('waiting', () => {
      onUpdateReady(() => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      });
    });
    await wb.register();
  } catch (err) {
    console.warn('Offline support is unavailable: the service worker could not be registered.', err);
  }
}
