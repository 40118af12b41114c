import type { User } from '@asl/protocol';
import { call } from '../../../lib/api/call';

/** GET /auth/me; not queued offline, so start-up can open the app from the stored user. */
export async function fetchMe(signal?: AbortSignal): Promise<User> {
  const res = await call('me', {}, { retry: false, queueOffline: false, ...(signal ? { signal } : {}) });
  return res.user;
}
