import type { User } from '@asl/protocol';
import { request } from '../../../lib/api/client';

export async function fetchMe(signal?: AbortSignal): Promise<User> {
  const res = await request<{ user: User }>('/auth/me', { retry: false, ...(signal ? { signal } : {}) });
  return res.user;
}
