import type { RestRoute, RouteInput, RouteName, RouteOutput } from '@asl/protocol';
import { ApiError } from './api-error';
import { request, type RequestOptions } from './client';
import { loadRoutes, type Routes } from './routes';

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
 * One call of the REST contract, by its name in ROUTES (packages/protocol): the path is built from the route
 * and its params, the query and body are sent as the route says, and the answer is checked
 * against the route's response schema. Retries, the token refresh and offline queueing are
 * request()'s (lib/api/client.ts).
 */
export async function call<N extends RouteName>(
  name: N,
  input: RouteInput<Routes[N]>,
  options: CallOptions = {},
): Promise<RouteOutput<Routes[N]>> {
  const { ROUTES, routePath, BROKEN_ANSWER_MESSAGE } = await loadRoutes();
  const route: RestRoute = ROUTES[name];
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
    throw new ApiError(502, INVALID_RESPONSE, BROKEN_ANSWER_MESSAGE);
  }
  return parsed.data as RouteOutput<Routes[N]>;
}
