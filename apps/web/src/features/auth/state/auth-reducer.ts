import { MAX_AUTH_RETRIES, SESSION_MESSAGES, type User } from '@asl/protocol';
import type { AuthErrorKind, SessionState } from '../../../lib/session/session-context';

export type AuthAction =
  | { type: 'INIT_DONE'; user: User | null; token: string | null }
  | { type: 'LOGIN_START' }
  | { type: 'LOGIN_SUCCESS'; user: User; token: string }
  | { type: 'LOGIN_FAILURE'; error: string; errorType: AuthErrorKind; retryAllowed: boolean }
  | { type: 'RETRY_START' }
  | { type: 'RETRY_REFUSED'; error: string }
  | { type: 'LOGOUT' }
  | { type: 'USER_UPDATED'; user: User }
  | { type: 'CLEAR_ERROR' };

export const initialAuthState: SessionState = {
  status: 'loading',
  user: null,
  token: null,
  error: null,
  errorType: null,
  retryAllowed: false,
  retryCount: 0,
  submitting: false,
};

/** Decides whether a retry may run (spec section 4); returns the refusal text or null. */
export function retryRefusal(state: SessionState): string | null {
  if (state.errorType !== 'network' && state.errorType !== 'server') return SESSION_MESSAGES.invalidRetryType;
  if (state.retryCount >= MAX_AUTH_RETRIES) return SESSION_MESSAGES.maxRetryAttempts;
  return null;
}

export function authReducer(state: SessionState, action: AuthAction): SessionState {
  switch (action.type) {
    case 'INIT_DONE':
      return action.user
        ? { ...initialAuthState, status: 'authenticated', user: action.user, token: action.token }
        : { ...initialAuthState, status: 'unauthenticated' };
    case 'LOGIN_START':
      return { ...state, submitting: true, error: null, errorType: null, retryCount: 0 };
    case 'RETRY_START':
      return { ...state, submitting: true, error: null, retryCount: state.retryCount + 1 };
    case 'LOGIN_SUCCESS':
      return { ...initialAuthState, status: 'authenticated', user: action.user, token: action.token };
    case 'LOGIN_FAILURE':
      return {
        ...state,
        status: 'unauthenticated',
        submitting: false,
        error: action.error,
        errorType: action.errorType,
        retryAllowed: action.retryAllowed && state.retryCount < MAX_AUTH_RETRIES,
      };
    case 'RETRY_REFUSED':
      return { ...state, error: action.error, retryAllowed: false };
    case 'LOGOUT':
      return { ...initialAuthState, status: 'unauthenticated' };
    case 'USER_UPDATED':
      return { ...state, user: action.user };
    case 'CLEAR_ERROR':
      return { ...state, error: null, errorType: null, retryAllowed: false };
  }
}
