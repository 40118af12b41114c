import type { OkResponse } from '@asl/protocol';
import { call } from '../../../lib/api/call';

/** POST /auth/change-password. */
export function changePassword(currentPassword: string, newPassword: string): Promise<OkResponse> {
  return call(
    'changePassword',
    { body: { current_password: currentPassword, new_password: newPassword } },
    { retry: false },
  );
}
