import type { OkResponse } from '@asl/protocol';
import { call } from '../../../lib/api/call';

/** POST /auth/forgot-password. The email is lowercased and trimmed. */
export function forgotPassword(email: string): Promise<OkResponse> {
  return call('forgotPassword', { body: { email: email.trim().toLowerCase() } });
}
