import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE_PATH, apiErrorBodySchema, ERROR_CODES, ROUTES, type RestRoute } from '@asl/protocol';
import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import { APP_VERSION } from '../version';

export const DOCS_PATH = '/api/docs';

type Json = Record<string, unknown>;

/** A protocol schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses). */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

function parameters(schema: ZodType, where: 'query' | 'path'): Json[] {
  const s = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required?.includes(name) ?? false),
    schema: p,
  }));
}

/** `/stories/:id` as OpenAPI writes it: `/stories/{id}`. */
export const openApiPath = (route: RestRoute): string => `${API_BASE_PATH}${route.path.replace(/:(\w+)/g, '{$1}')}`;

function operation(route: RestRoute): Json {
  const responses: Json = {};
  for (const status of route.status) {
    responses[status] = {
      description: status < 400 ? 'Success' : 'Unavailable (same body)',
      content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
    };
  }
  const byStatus = new Map<number, string[]>();
  for (const code of new Set(route.errors)) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] ??= {
      description: `Error: ${codes.join(', ')} (code and message from the error registry)`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const params = [
    ...(route.params ? parameters(route.params, 'path') : []),
    ...(route.query ? parameters(route.query, 'query') : []),
  ];
  return {
    summary: route.summary,
    tags: [route.tag],
    ...(route.auth ? { security: [{ bearer: [] }] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the REST API, generated from the route table in packages/protocol. */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const route of Object.values(ROUTES) as RestRoute[]) {
    (paths[openApiPath(route)] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'SignSpeak API',
      version: APP_VERSION,
      description:
        'REST API of the ASL practice platform. The live video socket is at /ws/video (JSON messages, see packages/protocol/src/live.ts).',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(apiErrorBodySchema, 'output') },
    },
    paths,
  };
}

/** Swagger UI at /api/docs (assets from the npm package) and the document at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH, uiConfig: { deepLinking: false } });
}
