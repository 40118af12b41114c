import type { TokenPair, User } from '@asl/protocol';
import { clearAuthStorage, readJson, writeJson } from '../storage/keys';

/** Where the signed-in session lives in the browser (spec section 3 keys). */
export const tokenStore = {
  access: (): string | null => localStorage.getItem('auth_token'),
  refresh: (): string | null => localStorage.getItem('refresh_token'),
  user: (): User | null => readJson<User | null>('user_data', null),
  save(pair: Pick<TokenPair, 'access_token' | 'refresh_token'> & { user?: User }): void {
    localStorage.setItem('auth_token', pair.access_token);
    localStorage.setItem('refresh_token', pair.refresh_token);
    if (pair.user) writeJson('user_data', pair.user);
    writeJson('session_data', { signedInAt: new Date().toISOString() }, sessionStorage);
  },
  saveUser(user: User): void {
    writeJson('user_data', user);
  },
  clear: clearAuthStorage,
};

/** Seconds until the JWT's exp, or -1 when it cannot be read. */
export function secondsUntilExpiry(jwt: string, now = Date.now()): number {
  try {
    const part = jwt.split('.')[1];
    if (!part) return -1;
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp - Math.floor(now / 1000) : -1;
  } catch {
    return -1;
  }
}
