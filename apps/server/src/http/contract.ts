import type { RestRoute, RouteOutput, RouteParsed } from '@asl/protocol';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { parseWith } from '../errors';

/**
 * Fastify validates params, query and body with the route's zod schemas; a failure is the same
 * coded VALIDATION_ERROR (field and text) as before the route table, via parseWith.
 */
const codedValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    try {
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
    attachValidation: true,
    validatorCompiler: codedValidatorCompiler as FastifySchemaCompiler<unknown>,
    serializerCompiler: serializerCompiler as FastifySerializerCompiler<unknown>,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    preHandler: [...pre, throwValidationError],
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
