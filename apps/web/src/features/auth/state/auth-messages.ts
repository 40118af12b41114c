import { LOGIN_MESSAGES, REGISTRATION_MESSAGES, SESSION_MESSAGES } from '@asl/protocol';
import { ApiError } from '../../../lib/api/api-error';

export type AuthErrorKind = 'network' | 'server' | 'auth' | 'validation';

/** The error type of a failed sign-in, and whether the spec allows retrying it. */
export function authErrorKind(err: unknown): AuthErrorKind {
  if (err instanceof ApiError) {
    if (err.status === 0) return 'network';
    if (err.status >= 500) return 'server';
    if (err.status === 400 || err.status === 422) return 'validation';
    return 'auth';
  }
  return 'network';
}
export const isRetryableKind = (k: AuthErrorKind) => k === 'network' || k === 'server';

/** Login error texts of spec section 8. */
export function loginErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return LOGIN_MESSAGES.default;
  if (err.status === 0) return SESSION_MESSAGES.networkFailureAuthState;
  if (err.code === 'ACCOUNT_LOCKED') return SESSION_MESSAGES.accountLocked;
  if (err.status === 401) return LOGIN_MESSAGES[401];
  if (err.status === 429) return LOGIN_MESSAGES[429];
  if (err.status >= 500) return LOGIN_MESSAGES.serverError;
  if (err.status === 400) return err.message || LOGIN_MESSAGES[400];
  return LOGIN_MESSAGES.default;
}

/** Registration error texts of spec section 8. */
export function registrationErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return REGISTRATION_MESSAGES.default;
  if (err.status === 0) return SESSION_MESSAGES.networkFailureAuthState;
  if (err.status === 409) return err.code === 'USERNAME_TAKEN' ? err.message : REGISTRATION_MESSAGES[409];
  if (err.status === 400) return err.message || REGISTRATION_MESSAGES[400];
  if (err.status === 429) return REGISTRATION_MESSAGES[429];
  if (err.status >= 500) return err.message || REGISTRATION_MESSAGES.default;
  return REGISTRATION_MESSAGES.default;
}
