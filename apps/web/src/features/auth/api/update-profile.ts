import type { ProfileUpdateRequest, User } from '@asl/protocol';
import { call } from '../../../lib/api/call';

/** PUT /auth/profile: names or username. */
export async function updateProfile(patch: ProfileUpdateRequest): Promise<User> {
  return (await call('updateProfile', { body: patch }, { retry: false })).user;
}
