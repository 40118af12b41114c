import { GENERIC_RETRY, type RegisterRequest, type TokenPair } from '@asl/protocol';
import { call } from '../../../lib/api/call';

/** POST /auth/register. Username trimmed; email lowercased and trimmed (spec section 5). */
export function register(input: RegisterRequest): Promise<TokenPair> {
  return call(
    'register',
    { body: { ...input, username: input.username.trim(), email: input.email.trim().toLowerCase() } },
    { retry: GENERIC_RETRY },
  );
}
