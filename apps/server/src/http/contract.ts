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

/** Half of a surrogate pair without its other half (JSON's "\ud800" escapes make one). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What in a string PostgreSQL cannot store as it is: NUL, or a lone surrogate. */
function unstorable(text: string): 'nul' | 'surrogate' | null {
  if (text.includes('\0')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}

/**
 * Where `data` holds text PostgreSQL cannot store as it is, in a string or an object's key: the
 * NUL character (U+0000), refused in text and jsonb (22021, 22P05), or a lone surrogate, refused
 * in jsonb (22P02) and silently turned into U+FFFD in text. The path to it (a key's path is its
 * object's), or null when there is none. Such input is refused as the client's mistake rather than
 * failing as a 500 or being stored altered. A loop, not recursion: a deeply nested body cannot
 * overflow the stack.
 */
export function findUnstorable(data: unknown): { path: string[]; inKey: boolean; what: 'nul' | 'surrogate' } | null {
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
      const what = unstorable(value);
      if (what) return { path: pathOf(at), inKey: false, what };
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [k] of entries) {
        const what = unstorable(k);
        if (what) return { path: pathOf(at), inKey: true, what };
      }
      // reversed onto the stack, so the first field with a NUL is the one reported
      for (const [key, v] of entries.reverse()) stack.push({ value: v, key, parent: at });
    }
  }
  return null;
}

/** Refuses params, query or body holding NUL or a lone surrogate with a VALIDATION_ERROR naming where. */
function refuseUnstorable(data: unknown): void {
  const found = findUnstorable(data);
  if (!found) return;
  const field = found.path.join('.') || undefined;
  const what = found.inKey ? `A field name${field ? ` in ${field}` : ''}` : (field ?? 'The input');
  const rule =
    found.what === 'nul'
      ? 'must not contain the NUL character'
      : 'must not contain half a character (a lone surrogate)';
  throw new AppError('VALIDATION_ERROR', `${what} ${rule}.`, field);
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
      refuseUnstorable(data);
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
