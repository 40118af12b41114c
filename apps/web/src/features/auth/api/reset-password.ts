import type { OkResponse } from '@asl/protocol';
import { call } from '../../../lib/api/call';

/** POST /auth/reset-password with the token from the mailed link. */
export function resetPassword(token: string, newPassword: string): Promise<OkResponse> {
  return call('resetPassword', { body: { token, new_password: newPassword } }, { retry: false });
}
