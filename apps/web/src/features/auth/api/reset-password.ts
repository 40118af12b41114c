import { request } from '../../../lib/api/client';

export function resetPassword(token: string, newPassword: string): Promise<{ ok: true; message?: string }> {
  return request('/auth/reset-password', { body: { token, new_password: newPassword }, auth: false, retry: false });
}
