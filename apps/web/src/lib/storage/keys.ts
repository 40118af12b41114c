/** Client-side storage keys of SPEC.md section 3. */
export const AUTH_KEYS = ['auth_token', 'refresh_token', 'user_data', 'session_data'] as const;
export const PREFERENCE_KEYS = ['user_preferences', 'theme_settings', 'language_settings'] as const;
export const LOGIN_ATTEMPTS_KEY = 'login_attempts';
/**
 * The device tokens this browser was given at sign-in, by account (features/auth/api/device-token.ts):
 * kept at logout, so the owner's own browser is not slowed down by someone guessing elsewhere.
 */
export const DEVICE_TOKENS_KEY = 'device_tokens';
/** The last progress this device received, to show offline (features/dashboard/api/progress-cache.ts). */
export const PROGRESS_CACHE_KEY = 'progress_cache';
/**
 * What this device keeps about the learner beyond the auth keys: removed when they log out, so the
 * next person on a shared device cannot read it (unsent practice waits in the outbox, by learner).
 */
export const LEARNER_DATA_KEYS = [PROGRESS_CACHE_KEY] as const;

export function readJson<T>(key: string, fallback: T, store: Storage = localStorage): T {
  try {
    const raw = store.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown, store: Storage = localStorage): void {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the app keeps working without persistence */
  }
}

/** Removes every auth key from local and session storage; preference keys survive. */
export function clearAuthStorage(): void {
  for (const store of [localStorage, sessionStorage]) for (const k of AUTH_KEYS) store.removeItem(k);
}

/** Removes what this device keeps about the signed-in learner (LEARNER_DATA_KEYS): at logout. */
export function clearLearnerData(): void {
  for (const k of LEARNER_DATA_KEYS) localStorage.removeItem(k);
}
