import { CHUNK_RELOAD_DELAY_MS, GENERIC_RETRY, type ErrorKind } from '@asl/protocol';
import { browser } from './browser';
import { classifyError } from '../../lib/api/api-error';
import { clearAuthStorage } from '../../lib/storage/keys';

/** Recovery strategies of spec section 4. */
export type RecoveryStrategy = 'retry' | 'reload' | 'redirect' | 'clear_cache' | 'logout' | 'manual';

export interface RecoveryPlan {
  strategy: RecoveryStrategy;
  /** Attempts allowed in total. */
  maxAttempts: number;
  /** Delay before attempt n (0-based). */
  delayMs: (attempt: number) => number;
  /** Network retries wait for the browser to be online. */
  waitForOnline?: boolean;
}

export const CHUNK_RELOAD_GUARD_KEY = 'chunk_reload_attempted';
export const TIMEOUT_RETRY = { attempts: 2, baseDelayMs: GENERIC_RETRY.baseDelayMs } as const;

const backoff = (attempt: number) => GENERIC_RETRY.baseDelayMs * GENERIC_RETRY.multiplier ** attempt;

/** The plan for each kind of error. */
export function recoveryPlan(kind: ErrorKind): RecoveryPlan {
  switch (kind) {
    case 'network':
      return { strategy: 'retry', maxAttempts: GENERIC_RETRY.maxRetries, delayMs: backoff, waitForOnline: true };
    case 'chunk_load':
      return { strategy: 'reload', maxAttempts: 1, delayMs: () => CHUNK_RELOAD_DELAY_MS };
    case 'authentication':
      return { strategy: 'logout', maxAttempts: 1, delayMs: () => 0 };
    case 'server':
      return { strategy: 'retry', maxAttempts: GENERIC_RETRY.maxRetries, delayMs: backoff };
    case 'timeout':
      // Each retry waits twice as long as the one before: 2 s, then 4 s.
      return {
        strategy: 'retry',
        maxAttempts: TIMEOUT_RETRY.attempts,
        delayMs: (attempt) => TIMEOUT_RETRY.baseDelayMs * 2 ** (attempt + 1),
      };
    default:
      return { strategy: 'manual', maxAttempts: 0, delayMs: () => 0 };
  }
}

export interface RecoveryEnv {
  isOnline: () => boolean;
  onOnline: (cb: () => void) => () => void;
  setTimeout: (cb: () => void, ms: number) => unknown;
  reload: () => void;
  assign: (url: string) => void;
  location: () => { pathname: string; search: string };
  session: Storage;
  clearAuth: () => void;
}

export const browserEnv = (): RecoveryEnv => ({
  isOnline: () => navigator.onLine,
  onOnline: (cb) => {
    window.addEventListener('online', cb, { once: true });
    return () => window.removeEventListener('online', cb);
  },
  setTimeout: (cb, ms) => window.setTimeout(cb, ms),
  reload: () => browser.reload(),
  assign: (url) => browser.assign(url),
  location: () => ({ pathname: window.location.pathname, search: window.location.search }),
  session: sessionStorage,
  clearAuth: clearAuthStorage,
});

export type RecoveryOutcome =
  | { status: 'recovered'; attempts: number; value: unknown }
  | { status: 'failed'; attempts: number; error: unknown }
  | { status: 'reloading' | 'redirecting' | 'manual' | 'skipped' };

const wait = (env: RecoveryEnv, ms: number) => new Promise<void>((r) => env.setTimeout(r, ms));
const waitOnline = (env: RecoveryEnv) =>
  env.isOnline() ? Promise.resolve() : new Promise<void>((r) => env.onOnline(() => r()));

/** Where a logout after an authentication error sends the user: /login?return=<here>, unless already there. */
export function loginRedirect(loc: { pathname: string; search: string }): string | null {
  if (loc.pathname === '/login') return null;
  return `/login?return=${encodeURIComponent(`${loc.pathname}${loc.search}`)}`;
}

/**
 * Recovers from `error` by its classification. `operation` is what failed (retried by the
 * retry strategy); without one, retry strategies end as manual.
 */
export async function recover(
  error: unknown,
  operation?: () => Promise<unknown>,
  env: RecoveryEnv = browserEnv(),
): Promise<RecoveryOutcome> {
  const kind = classifyError(error).kind;
  const plan = recoveryPlan(kind);
  switch (plan.strategy) {
    case 'reload': {
      if (env.session.getItem(CHUNK_RELOAD_GUARD_KEY)) return { status: 'skipped' };
      env.session.setItem(CHUNK_RELOAD_GUARD_KEY, String(Date.now()));
      env.setTimeout(env.reload, plan.delayMs(0));
      return { status: 'reloading' };
    }
    case 'logout': {
      env.clearAuth();
      const target = loginRedirect(env.location());
      if (!target) return { status: 'skipped' };
      env.assign(target);
      return { status: 'redirecting' };
    }
    case 'retry': {
      if (!operation) return { status: 'manual' };
      let last: unknown = error;
      for (let attempt = 0; attempt < plan.maxAttempts; attempt++) {
        if (plan.waitForOnline) await waitOnline(env);
        await wait(env, plan.delayMs(attempt));
        try {
          return { status: 'recovered', attempts: attempt + 1, value: await operation() };
        } catch (e) {
          last = e;
        }
      }
      return { status: 'failed', attempts: plan.maxAttempts, error: last };
    }
    default:
      return { status: 'manual' };
  }
}

/** After the app has started fine, a later chunk error may reload once more. */
export function clearChunkReloadGuard(store: Storage = sessionStorage): void {
  store.removeItem(CHUNK_RELOAD_GUARD_KEY);
}
