import { LOGIN_ATTEMPT_WINDOW_MS, MAX_LOGIN_ATTEMPTS } from '@asl/protocol';
import { LOGIN_ATTEMPTS_KEY, readJson, writeJson } from '../../../lib/storage/keys';

/** Login-attempt records kept per email: { timestamp, kind }. */
interface Attempt {
  timestamp: number;
  kind: string;
}
type Attempts = Record<string, Attempt[]>;

function recent(list: Attempt[] | undefined, now: number): Attempt[] {
  return (list ?? []).filter((a) => a.kind === 'invalid_credentials' && now - a.timestamp < LOGIN_ATTEMPT_WINDOW_MS);
}

/** 5 invalid-credential failures within 15 minutes lock the email on this device. */
export function isLockedOut(email: string, now = Date.now()): boolean {
  const all = readJson<Attempts>(LOGIN_ATTEMPTS_KEY, {});
  return recent(all[email.trim().toLowerCase()], now).length >= MAX_LOGIN_ATTEMPTS;
}

export function recordFailedAttempt(email: string, kind: string, now = Date.now()): void {
  const key = email.trim().toLowerCase();
  const all = readJson<Attempts>(LOGIN_ATTEMPTS_KEY, {});
  all[key] = [...(all[key] ?? []).filter((a) => now - a.timestamp < LOGIN_ATTEMPT_WINDOW_MS), { timestamp: now, kind }];
  writeJson(LOGIN_ATTEMPTS_KEY, all);
}

export function clearAttempts(email: string): void {
  const all = readJson<Attempts>(LOGIN_ATTEMPTS_KEY, {});
  delete all[email.trim().toLowerCase()];
  writeJson(LOGIN_ATTEMPTS_KEY, all);
}

/**
 * A password reset done on this device: every lockout kept here ends (the reset link proved the
 * learner holds the account's mail, and the server has cleared its own counts). The page does not
 * know which email or username was locked, so none stays: "You can sign in now" is true.
 */
export function clearAllAttempts(): void {
  writeJson(LOGIN_ATTEMPTS_KEY, {});
}
