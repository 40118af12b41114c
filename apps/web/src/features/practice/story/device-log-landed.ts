import { SYNC_TAGS } from '@asl/protocol';
import { syncNow } from '../../../lib/outbox';

/** How long the return to live practice waits for the device's practice log to be uploaded (ms). */
export const HAND_BACK_WAIT_MS = 8_000;

/**
 * Resolves when the device's practice log, being queued (`queued`), has been uploaded (true), or
 * false when that fails or takes longer than `waitMs`: the live session continued there is handed
 * back with the device's letters already on the server, so its first state counts them; when the
 * log lands later the page takes the session up again then (the server also counts it at the
 * next move).
 */
export function deviceLogLanded(queued: void | Promise<void>, waitMs = HAND_BACK_WAIT_MS): Promise<boolean> {
  const landed = Promise.resolve(queued)
    .then(() => syncNow(SYNC_TAGS.practiceData))
    // a flush already running when the log was queued may have listed the queue before it; the next one has it
    .then(() => syncNow(SYNC_TAGS.practiceData))
    .then(
      (result) => result.kept === 0,
      () => false,
    );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  return Promise.race([landed, waited]).finally(() => clearTimeout(timer));
}
