import { request } from '../../../lib/api/client';

/** POST /auth/logout with the bearer token only; never queued offline (failures are ignored). */
export function logoutCall(): Promise<unknown> {
  return request('/auth/logout', { method: 'POST', retry: false, queueOffline: false });
}
