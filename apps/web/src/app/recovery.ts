import { classifyError } from '../lib/api/api-error';
import { clearChunkReloadGuard, recover } from '../features/errors';

/**
 * Global recovery: an unhandled chunk-load error reloads the page once after 1 s, an
 * unhandled authentication error logs out and goes to /login with a return parameter.
 * Other errors are left to the boundaries (manual recovery).
 */
export function installRecovery(target: Window = window): () => void {
  const handle = (reason: unknown) => {
    const kind = classifyError(reason).kind;
    if (kind === 'chunk_load' || kind === 'authentication') void recover(reason);
  };
  const onRejection = (e: PromiseRejectionEvent) => handle(e.reason);
  const onError = (e: ErrorEvent) => handle(e.error ?? e.message);
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  // The app started: a later chunk error may reload once again.
  const t = target.setTimeout(() => clearChunkReloadGuard(), 10_000);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
    target.clearTimeout(t);
  };
}
