import { API_BASE_PATH, GENERIC_RETRY, SESSION_MESSAGES } from '@asl/protocol';
import { ApiError } from './api-error';
import { isOffline, whenOnline } from './online';
import { withRetry, type RetryPolicy } from './retry';
import { loadRoutes } from './routes';
import { tokenStore } from './tokens';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the bearer token and refresh once on a 401 (default true). */
  auth?: boolean;
  /** Retry policy for retryable errors, or false for none (default: 3 from 1 s doubling). */
  retry?: RetryPolicy | false;
  signal?: AbortSignal;
  /**
   * Spec section 8, network error: "retry (queued while offline, run when the connection
   * returns)". A call that fails with a network error while the browser is offline waits for
   * the `online` event and runs again, instead of failing. Default: on for authenticated calls.
   */
  queueOffline?: boolean;
}

/** Why the session ended: it ran out (a refresh refused), or the server signed it out (the live socket's 4001). */
export type SessionEnd = 'expired' | 'revoked';
type Listener = (why: SessionEnd) => void;
const sessionExpiredListeners = new Set<Listener>();
/** Called when a refresh fails and the stored session has been cleared. */
export function onSessionExpired(fn: Listener): () => void {
  sessionExpiredListeners.add(fn);
  return () => sessionExpiredListeners.delete(fn);
}

export const isRetryable = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status === 408 || err.status >= 500);

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_BASE_PATH}${path}`, {
      method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : null,
      signal: opts.signal ?? null,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', SESSION_MESSAGES.networkFailure);
  }
}

async function parse<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const e = (body as { error?: { code?: string; message?: string; field?: string } } | null)?.error;
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new ApiError(
      res.status,
      e?.code ?? `HTTP_${res.status}`,
      e?.message ?? (res.statusText || `Request failed with status ${res.status}`),
      e?.field,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return body as T;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for a new pair, once at a time in this tab and, through the
 * Web Locks API, across tabs: a tab that waited finds the token already rotated and reuses it.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const startedWith = tokenStore.refresh();
    if (!startedWith) return false;
    const run = async (): Promise<boolean> => {
      const current = tokenStore.refresh();
      if (!current) return false;
      if (current !== startedWith) return true; // another tab already rotated it
      try {
        const { path, method, response } = (await loadRoutes()).ROUTES.refresh;
        const answer = await parse<unknown>(await send(path, { method, body: { refresh_token: current } }, null));
        const pair = response.parse(answer); // an answer that breaks the contract is a failed refresh
        tokenStore.save(pair);
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 0) throw err; // offline: keep the session
        return false;
      }
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request('asl-auth-refresh', run) : run();
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Ends the sign-in session here: the stored tokens go and the app signs the learner out. */
export function expireSession(why: SessionEnd = 'expired'): void {
  tokenStore.clear();
  for (const fn of sessionExpiredListeners) fn(why);
}

/**
 * The request wrapper of spec section 7: JSON in and out, a non-OK status is an ApiError,
 * retryable errors are retried (3 times from 1 s doubling), and a 401 on an authenticated
 * call triggers one refresh and one retry; when the refresh fails the session is cleared.
 */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const auth = opts.auth ?? true;
  const once = async (): Promise<T> => {
    const res = await send(path, opts, auth ? tokenStore.access() : null);
    // signed out meanwhile (in another tab): nothing to refresh with, so the session is over here too
    if (res.status === 401 && auth && !tokenStore.refresh()) expireSession();
    if (res.status === 401 && auth && tokenStore.refresh()) {
      const refreshed = await refreshSession();
      if (!refreshed) {
        expireSession();
        return parse<T>(res);
      }
      const again = await send(path, opts, tokenStore.access());
      if (again.status === 401) expireSession();
      return parse<T>(again);
    }
    return parse<T>(res);
  };
  const queueOffline = opts.queueOffline ?? auth;
  const run = (): Promise<T> =>
    opts.retry === false
      ? once()
      : withRetry(once, offlineAware(isRetryable, queueOffline), opts.retry ?? GENERIC_RETRY);
  for (;;) {
    try {
      return await run();
    } catch (err) {
      if (!queueOffline || !isOfflineNetworkError(err)) throw err;
      await whenOnline(opts.signal); // queued until the connection returns, then run again
    }
  }
}

const isOfflineNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0 && isOffline();

/** While offline, a queued call does not spend its retries: it waits for the connection instead. */
const offlineAware =
  (retryable: (err: unknown) => boolean, queueOffline: boolean) =>
  (err: unknown): boolean =>
    retryable(err) && !(queueOffline && isOfflineNetworkError(err));
