import { request } from '../../../lib/api/client';

export function forgotPassword(email: string): Promise<{ ok: true; message?: string }> {
  return request('/auth/forgot-password', { body: { email: email.trim().toLowerCase() }, auth: false });
}
