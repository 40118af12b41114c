import { GENERIC_RETRY, type RegisterRequest, type TokenPair } from '@asl/protocol';
import { call } from '../../../lib/api/call';
import { rememberDeviceToken } from './device-token';

/** POST /auth/register. Username trimmed; email lowercased and trimmed (spec section 5). */
export async function register(input: RegisterRequest): Promise<TokenPair> {
  const pair = await call(
    'register',
    { body: { ...input, username: input.username.trim(), email: input.email.trim().toLowerCase() } },
    { retry: GENERIC_RETRY },
  );
  rememberDeviceToken(pair);
  return pair;
}
