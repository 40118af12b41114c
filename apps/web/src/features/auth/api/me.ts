import type { User } from '@asl/protocol';
import { request } from '../../../lib/api/client';

/** GET /auth/me; not queued offline, so start-up can open the app from the stored user. */
export async function fetchMe(signal?: AbortSignal): Promise<User> {
  const res = await request<{ user: User }>('/auth/me', {
    retry: false,
    queueOffline: false,
    ...(signal ? { signal } : {}),
  });
  return res.user;
}
