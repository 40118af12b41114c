import type { RestRoute, RouteOutput, RouteParsed } from '@asl/protocol';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError, parseWith } from '../errors';

/**
 * Where `data` holds the NUL character (U+0000), in a string or an object's key: the path to it
 * (a key's path is its object's), or null when there is none. PostgreSQL cannot store NUL in text
 * or jsonb (it answers 22021 or 22P05), so such input must be refused as the client's mistake
 * rather than failing as a 500. A loop, not recursion: a deeply nested body cannot overflow the stack.
 */
export function findNul(data: unknown): { path: string[]; inKey: boolean } | null {
  // each entry links to its parent's, so a deep body costs no copies of its path
  interface At {
    value: unknown;
    key: string;
    parent: At | null;
  }
  const pathOf = (at: At) => {
    const path: string[] = [];
    for (let a: At | null = at; a?.parent; a = a.parent) path.push(a.key);
    return path.reverse();
  };
  const stack: At[] = [{ value: data, key: '', parent: null }];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const { value } = at;
    if (typeof value === 'string') {
      if (value.includes('\0')) return { path: pathOf(at), inKey: false };
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.some(([k]) => k.includes('\0'))) return { path: pathOf(at), inKey: true };
      // reversed onto the stack, so the first field with a NUL is the one reported
      for (const [key, v] of entries.reverse()) stack.push({ value: v, key, parent: at });
    }
  }
  return null;
}

/** Refuses params, query or body holding the NUL character with a VALIDATION_ERROR naming where. */
function refuseNul(data: unknown): void {
  const found = findNul(data);
  if (!found) return;
  const field = found.path.join('.') || undefined;
  const what = found.inKey ? `A field name${field ? ` in ${field}` : ''}` : (field ?? 'The input');
  throw new AppError('VALIDATION_ERROR', `${what} must not contain the NUL character.`, field);
}

/**
 * Fastify validates params, query and body with the route's zod schemas; a failure is the same
 * coded VALIDATION_ERROR (field and text) as before the route table, via parseWith. The NUL check
 * comes first, on the input as sent (before zod trims or drops anything).
 */
const codedValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      refuseNul(data);
      return { value: parseWith(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };

/**
 * Validation runs before the preHandlers (authentication, rate limits), but its error is thrown
 * only after them, as when handlers parsed their input: an anonymous call is told 401, not which
 * field is wrong, and every attempt counts against the limits.
 */
const throwValidationError: preHandlerAsyncHookHandler = async (request) => {
  if (request.validationError) throw request.validationError;
};

/**
 * A request sent without a body is checked as `{}` (a missing field is named; a call whose fields
 * are all optional is a no-op). Fastify hands the validator `null` for both no body and a JSON
 * `null`, so the absent one is made `{}` here, before validation, and a JSON `null` is refused.
 */
const absentBodyIsEmpty: preValidationAsyncHookHandler = async (request) => {
  if (request.body === undefined) request.body = {};
};

export type ContractRequest<R extends RestRoute> = FastifyRequest<{
  Params: RouteParsed<R, 'params'>;
  Querystring: RouteParsed<R, 'query'>;
  Body: RouteParsed<R, 'body'>;
}>;

export interface ServeOptions {
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  bodyLimit?: number;
}

/**
 * Registers one call of the REST contract (packages/protocol routes.ts): its method and path, its
 * schemas for Fastify's validation, and the response schema the answer is checked against and
 * serialised with (fastify-type-provider-zod): an answer that breaks the contract is a 500.
 */
export function serve<R extends RestRoute>(
  app: FastifyInstance,
  route: R,
  options: ServeOptions,
  handler: (
    request: ContractRequest<NoInfer<R>>,
    reply: FastifyReply,
  ) => Promise<RouteOutput<NoInfer<R>> | FastifyReply>,
): void {
  const pre = options.preHandler === undefined ? [] : [options.preHandler].flat();
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: Object.fromEntries(route.status.map((s) => [s, route.response])),
    },
    ...(route.body ? { preValidation: absentBodyIsEmpty } : {}),
    attachValidation: true,
    validatorCompiler: codedValidatorCompiler as FastifySchemaCompiler<unknown>,
    serializerCompiler: serializerCompiler as FastifySerializerCompiler<unknown>,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    preHandler: [...pre, throwValidationError],
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
