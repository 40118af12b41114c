import { ROUTES, type OkResponse } from '@asl/protocol';
import { call } from '../../../lib/api/call';

/** POST /auth/forgot-password. The email is lowercased and trimmed. */
export function forgotPassword(email: string): Promise<OkResponse> {
  return call(ROUTES.forgotPassword, { body: { email: email.trim().toLowerCase() } });
}
