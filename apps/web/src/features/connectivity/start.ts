import { UPDATE_READY_TEXT } from '@asl/protocol';
import { notify } from '../../lib/notifications/notifications';
import { registerServiceWorker, startOfflineSync } from '../../lib/outbox';

/** The button on the update prompt. */
export const UPDATE_RELOAD_LABEL = 'Reload';

let started = false;

/**
 * Start-up of offline support: registers `/sw.js` (a failure is only a warning), shows
 * "A new version is ready" with a Reload button when an update is waiting, and starts the
 * replay of the offline queues. Production builds only: the dev server has no service worker.
 */
export function startOffline(): void {
  if (started) return;
  started = true;
  startOfflineSync();
  if (import.meta.env.PROD)
    void registerServiceWorker((activate) => {
      notify(UPDATE_READY_TEXT, 'info', 0, { label: UPDATE_RELOAD_LABEL, run: activate });
    });
}
