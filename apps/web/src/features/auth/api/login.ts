import { LOGIN_HANDLER_RETRY, type TokenPair } from '@asl/protocol';
import { call } from '../../../lib/api/call';

/** POST /auth/login. The identifier is lowercased and trimmed (spec section 5). */
export function login(identifier: string, password: string): Promise<TokenPair> {
  return call(
    'login',
    { body: { identifier: identifier.trim().toLowerCase(), password } },
    { retry: LOGIN_HANDLER_RETRY },
  );
}
