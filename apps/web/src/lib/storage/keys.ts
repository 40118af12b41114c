/** Client-side storage keys of SPEC.md section 3. */
export const AUTH_KEYS = ['auth_token', 'refresh_token', 'user_data', 'session_data'] as const;
export const PREFERENCE_KEYS = ['user_preferences', 'theme_settings', 'language_settings'] as const;
export const LOGIN_ATTEMPTS_KEY = 'login_attempts';

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
