import { GENERIC_RETRY, type TokenPair } from '@asl/protocol';
import { request } from '../../../lib/api/client';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** POST /auth/register. Username trimmed; email lowercased and trimmed (spec section 5). */
export function register(input: RegisterInput): Promise<TokenPair> {
  return request<TokenPair>('/auth/register', {
    body: { ...input, username: input.username.trim(), email: input.email.trim().toLowerCase() },
    auth: false,
    retry: GENERIC_RETRY,
  });
}
