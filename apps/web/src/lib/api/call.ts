import { ERROR_CODES, routePath, type RestRoute, type RouteInput, type RouteOutput } from '@asl/protocol';
import { ApiError } from './api-error';
import { request, type RequestOptions } from './client';

/** Per-call options; the method, path, body and whether to send the token come from the route. */
export type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'auth'>;

/** An answer that breaks the contract: an error like a server fault, never a silent cast. */
export const INVALID_RESPONSE = 'INVALID_RESPONSE';

function queryString(query: Record<string, unknown> | undefined): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') q.set(name, String(value));
  }
  const qs = q.toString();
  return qs ? `?${qs}` : '';
}

/**
 * One call of the REST contract (ROUTES in packages/protocol): the path is built from the route
 * and its params, the query and body are sent as the route says, and the answer is checked
 * against the route's response schema. Retries, the token refresh and offline queueing are
 * request()'s (lib/api/client.ts).
 */
export async function call<R extends RestRoute>(
  route: R,
  input: RouteInput<R>,
  options: CallOptions = {},
): Promise<RouteOutput<R>> {
  const { params, query, body } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const answer = await request<unknown>(`${routePath(route, params)}${queryString(query)}`, {
    ...options,
    method: route.method,
    auth: route.auth,
    ...(body !== undefined ? { body } : {}),
  });
  const parsed = route.response.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError(502, INVALID_RESPONSE, ERROR_CODES.INTERNAL_ERROR.message);
  }
  return parsed.data as RouteOutput<R>;
}
