import { LOGIN_HANDLER_RETRY, type TokenPair } from '@asl/protocol';
import { request } from '../../../lib/api/client';

/** POST /auth/login. The identifier is lowercased and trimmed (spec section 5). */
export function login(identifier: string, password: string): Promise<TokenPair> {
  return request<TokenPair>('/auth/login', {
    body: { identifier: identifier.trim().toLowerCase(), password },
    auth: false,
    retry: LOGIN_HANDLER_RETRY,
  });
}
