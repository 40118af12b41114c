/** True when the browser says it has no connection (navigator.onLine is false). */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Resolves at the next `online` event (at once when online); rejects with AbortError on abort. */
export function whenOnline(signal?: AbortSignal): Promise<void> {
  if (!isOffline()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      window.removeEventListener('online', done);
      reject(new DOMException('The request was aborted.', 'AbortError'));
    };
    if (signal?.aborted) return aborted();
    window.addEventListener('online', done);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
