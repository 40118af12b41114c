import { request } from '../../../lib/api/client';

export function changePassword(currentPassword: string, newPassword: string): Promise<{ ok: true; message?: string }> {
  return request('/auth/change-password', {
    body: { current_password: currentPassword, new_password: newPassword },
    retry: false,
  });
}
