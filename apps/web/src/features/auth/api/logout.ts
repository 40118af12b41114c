import type { OkResponse } from '@asl/protocol';
import { call } from '../../../lib/api/call';

/** POST /auth/logout with the bearer token only; never queued offline (failures are ignored). */
export function logoutCall(): Promise<OkResponse> {
  return call('logout', {}, { retry: false, queueOffline: false });
}
