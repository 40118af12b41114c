import type { User } from '@asl/protocol';
import { request } from '../../../lib/api/client';

export async function updateProfile(patch: {
  firstName?: string;
  lastName?: string;
  username?: string;
}): Promise<User> {
  return (await request<{ user: User }>('/auth/profile', { method: 'PUT', body: patch, retry: false })).user;
}
