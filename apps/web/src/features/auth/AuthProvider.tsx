import {
  AUTH_INIT_TIMEOUT_MS,
  LIVE_CLOSE_MESSAGES,
  NOTIFICATION_MESSAGES,
  OWN_SESSION_MESSAGES,
  SESSION_MESSAGES,
  TOKEN_REFRESH_INTERVAL_MS,
  type RegisterRequest,
  type User,
} from '@asl/protocol';
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { onSessionExpired, refreshSession } from '../../lib/api/client';
import { ApiError } from '../../lib/api/api-error';
import { secondsUntilExpiry, tokenStore } from '../../lib/api/tokens';
import { notify } from '../../lib/notifications/notifications';
import { SessionContext, type SessionApi } from '../../lib/session/session-context';
import { clearLearnerData } from '../../lib/storage/keys';
import { login as loginCall } from './api/login';
import { logoutCall } from './api/logout';
import { fetchMe } from './api/me';
import { register as registerCall } from './api/register';
import { authErrorKind, isRetryableKind, loginErrorMessage, registrationErrorMessage } from './state/auth-messages';
import { authReducer, initialAuthState, retryRefusal } from './state/auth-reducer';
import { clearAttempts, isLockedOut, recordFailedAttempt } from './state/lockout';

export interface AuthProviderProps {
  children: ReactNode;
  /** Injected for tests; the page reload used by the init time-out and recovery. */
  reload?: () => void;
}

/** Verifies the stored session at start-up: expiry check, refresh when needed, then /auth/me. */
async function restoreSession(): Promise<User | null> {
  const token = tokenStore.access();
  if (!token || !tokenStore.refresh()) return null;
  if (secondsUntilExpiry(token) <= 5 && !(await refreshSession())) return null;
  try {
    const user = await fetchMe();
    tokenStore.saveUser(user);
    return user;
  } catch (err) {
    // Offline at start-up: keep the stored user so the app still opens (it will verify later).
    if (err instanceof ApiError && err.status === 0) return tokenStore.user();
    return null;
  }
}

const reloadPage = () => window.location.reload();

/** With no stored session there is nothing to check: the app opens signed out at once. */
const startState = (): typeof initialAuthState =>
  tokenStore.access() && tokenStore.refresh() ? initialAuthState : { ...initialAuthState, status: 'unauthenticated' };

export function AuthProvider({ children, reload = reloadPage }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, undefined, startState);
  const lastLogin = useRef<{ identifier: string; password: string } | null>(null);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  // Start-up: restore, with the 15 s init time-out and reload recovery.
  useEffect(() => {
    let done = false;
    const timer = setTimeout(() => {
      if (!done) reloadRef.current();
    }, AUTH_INIT_TIMEOUT_MS);
    restoreSession()
      .then((user) => {
        if (!user) tokenStore.clear();
        dispatch({ type: 'INIT_DONE', user, token: user ? tokenStore.access() : null });
      })
      .catch(() => reloadRef.current())
      .finally(() => {
        done = true;
        clearTimeout(timer);
      });
    return () => clearTimeout(timer);
  }, []);

  // A failed refresh anywhere ends the session (once: not again for a session already ended here).
  const status = useRef(state.status);
  status.current = state.status;
  useEffect(
    () =>
      onSessionExpired((why) => {
        if (status.current === 'unauthenticated') return;
        dispatch({ type: 'LOGOUT' });
        // signed out by the server (a logout in another tab, a password change): said as such
        notify(why === 'revoked' ? LIVE_CLOSE_MESSAGES.sessionRevoked : SESSION_MESSAGES.sessionExpired, 'warning');
      }),
    [],
  );

  // Another tab signed out (the shared tokens are gone), or signed in as another learner: this tab
  // follows at once, so nobody practises here for a learner who is no longer signed in.
  const userId = state.user?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    const onStorage = (e: StorageEvent) => {
      if (e.storageArea !== localStorage) return;
      if ((e.key === 'refresh_token' || e.key === null) && !tokenStore.refresh()) {
        dispatch({ type: 'LOGOUT' });
        notify(OWN_SESSION_MESSAGES.signedOutElsewhere, 'info');
      } else if (e.key === 'user_data' && (tokenStore.user()?.id ?? userId) !== userId) {
        reloadRef.current(); // another learner signed in on this browser: start afresh as them
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId]);

  // Refresh every 15 minutes while signed in; a failed refresh logs out.
  useEffect(() => {
    if (state.status !== 'authenticated') return;
    const id = setInterval(() => {
      refreshSession()
        .then((ok) => {
          if (ok) return;
          tokenStore.clear();
          dispatch({ type: 'LOGOUT' });
          notify(SESSION_MESSAGES.sessionExpired, 'warning');
        })
        .catch(() => {
          /* offline: try again at the next tick */
        });
    }, TOKEN_REFRESH_INTERVAL_MS);
    return () => clearInterval(id);
  }, [state.status]);

  const attemptLogin = useCallback(async (identifier: string, password: string, isRetry: boolean): Promise<boolean> => {
    const email = identifier.trim().toLowerCase();
    if (isLockedOut(email)) {
      dispatch({
        type: 'LOGIN_FAILURE',
        error: SESSION_MESSAGES.accountLocked,
        errorType: 'auth',
        retryAllowed: false,
      });
      return false;
    }
    dispatch({ type: isRetry ? 'RETRY_START' : 'LOGIN_START' });
    try {
      const pair = await loginCall(email, password);
      tokenStore.save(pair);
      clearAttempts(email);
      dispatch({ type: 'LOGIN_SUCCESS', user: pair.user, token: pair.access_token });
      return true;
    } catch (err) {
      const kind = authErrorKind(err);
      if (err instanceof ApiError && err.status === 401) recordFailedAttempt(email, 'invalid_credentials');
      dispatch({
        type: 'LOGIN_FAILURE',
        error: loginErrorMessage(err),
        errorType: kind,
        retryAllowed: isRetryableKind(kind),
      });
      return false;
    }
  }, []);

  const api = useMemo<SessionApi>(
    () => ({
      ...state,
      login(identifier, password) {
        lastLogin.current = { identifier, password };
        return attemptLogin(identifier, password, false);
      },
      async retryLogin() {
        const refusal = retryRefusal(state);
        if (refusal || !lastLogin.current) {
          dispatch({ type: 'RETRY_REFUSED', error: refusal ?? SESSION_MESSAGES.invalidRetryType });
          return false;
        }
        return attemptLogin(lastLogin.current.identifier, lastLogin.current.password, true);
      },
      async register(input: RegisterRequest) {
        dispatch({ type: 'LOGIN_START' });
        try {
          const pair = await registerCall(input);
          tokenStore.save(pair);
          dispatch({ type: 'LOGIN_SUCCESS', user: pair.user, token: pair.access_token });
          return true;
        } catch (err) {
          const kind = authErrorKind(err);
          dispatch({
            type: 'LOGIN_FAILURE',
            error: registrationErrorMessage(err),
            errorType: kind,
            retryAllowed: false,
          });
          return false;
        }
      },
      async logout() {
        await logoutCall().catch(() => {
          /* failures ignored (spec section 7) */
        });
        try {
          tokenStore.clear();
          clearLearnerData();
          dispatch({ type: 'LOGOUT' });
          notify(NOTIFICATION_MESSAGES.loggedOut, 'success');
        } catch {
          notify(NOTIFICATION_MESSAGES.logoutFailed, 'error');
        }
      },
      setUser(user) {
        tokenStore.saveUser(user);
        dispatch({ type: 'USER_UPDATED', user });
      },
      clearError() {
        dispatch({ type: 'CLEAR_ERROR' });
      },
      hasPermission: (p) => !!state.user?.permissions.includes(p),
      hasRole: (r) => !!state.user?.roles.includes(r),
    }),
    [state, attemptLogin],
  );

  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}
