import type { OkResponse } from '@asl/protocol';
import { call } from '../../../lib/api/call';

/** POST /auth/reset-password/check: whether the mailed link can still set a password (spends nothing). */
export function checkResetToken(token: string, signal?: AbortSignal): Promise<OkResponse> {
  return call('checkResetToken', { body: { token } }, { retry: false, ...(signal ? { signal } : {}) });
}
