import { SYNC_TAGS } from '@asl/protocol';
import { syncNow } from '../../../lib/outbox';

/** How long the return to live practice waits for the device's practice log to be uploaded (ms). */
export const HAND_BACK_WAIT_MS = 8_000;

/**
 * Resolves when the device's practice log, being queued (`queued`), has been uploaded, when that
 * fails, or after `waitMs`: the live session continued there is then handed back with the device's
 * letters already on the server, so its first state counts them (the server also counts a log that
 * lands later, at the next move).
 */
export function deviceLogLanded(queued: void | Promise<void>, waitMs = HAND_BACK_WAIT_MS): Promise<void> {
  const landed = Promise.resolve(queued)
    .then(() => syncNow(SYNC_TAGS.practiceData))
    // a flush already running when the log was queued may have listed the queue before it; the next one has it
    .then(() => syncNow(SYNC_TAGS.practiceData));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  const done = () => clearTimeout(timer);
  return Promise.race([landed, waited]).then(done, done);
}
