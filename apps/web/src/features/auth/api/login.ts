import { LOGIN_HANDLER_RETRY, type TokenPair } from '@asl/protocol';
import { call } from '../../../lib/api/call';
import { deviceTokenFor, rememberDeviceToken } from './device-token';

/**
 * POST /auth/login. The identifier is lowercased and trimmed (spec section 5); the browser's device
 * token for the account goes with it, and the one answered is kept.
 */
export async function login(identifier: string, password: string): Promise<TokenPair> {
  const id = identifier.trim().toLowerCase();
  const device_token = deviceTokenFor(id);
  const pair = await call(
    'login',
    { body: { identifier: id, password, ...(device_token ? { device_token } : {}) } },
    { retry: LOGIN_HANDLER_RETRY },
  );
  rememberDeviceToken(pair);
  return pair;
}
