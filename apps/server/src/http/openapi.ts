import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  analyticsBatchResponseSchema,
  analyticsBatchSchema,
  API_BASE_PATH,
  apiErrorBodySchema,
  changePasswordRequestSchema,
  feedbackReportRequestSchema,
  feedbackReportResponseSchema,
  forgotPasswordRequestSchema,
  healthResponseSchema,
  loginRequestSchema,
  meResponseSchema,
  offlineSessionRequestSchema,
  offlineSessionResponseSchema,
  okResponseSchema,
  profileUpdateRequestSchema,
  progressResponseSchema,
  readyResponseSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  storiesQuerySchema,
  storiesResponseSchema,
  storyResponseSchema,
  tokenPairSchema,
} from '@asl/protocol';
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

interface Op {
  summary: string;
  tag: 'auth' | 'practice' | 'operations';
  auth?: boolean;
  body?: ZodType;
  query?: ZodType;
  ok: { status: number; schema: ZodType };
  errors?: number[];
}

const OPS: Record<string, Partial<Record<'get' | 'post' | 'put', Op>>> = {
  '/auth/register': {
    post: {
      summary: 'Create an account and sign in',
      tag: 'auth',
      body: registerRequestSchema,
      ok: { status: 201, schema: tokenPairSchema },
      errors: [400, 409, 429],
    },
  },
  '/auth/login': {
    post: {
      summary: 'Sign in with email or username',
      tag: 'auth',
      body: loginRequestSchema,
      ok: { status: 200, schema: tokenPairSchema },
      errors: [400, 401, 403, 423, 429],
    },
  },
  '/auth/refresh': {
    post: {
      summary: 'Rotate a refresh token for a new token pair',
      tag: 'auth',
      body: refreshRequestSchema,
      ok: { status: 200, schema: tokenPairSchema },
      errors: [400, 401],
    },
  },
  '/auth/me': {
    get: { summary: 'The signed-in user', tag: 'auth', auth: true, ok: { status: 200, schema: meResponseSchema } },
  },
  '/auth/logout': {
    post: { summary: 'Revoke this session', tag: 'auth', auth: true, ok: { status: 200, schema: okResponseSchema } },
  },
  '/auth/profile': {
    put: {
      summary: 'Update names or username',
      tag: 'auth',
      auth: true,
      body: profileUpdateRequestSchema,
      ok: { status: 200, schema: meResponseSchema },
      errors: [400, 409],
    },
  },
  '/auth/change-password': {
    post: {
      summary: 'Change the password (signs out the other sessions)',
      tag: 'auth',
      auth: true,
      body: changePasswordRequestSchema,
      ok: { status: 200, schema: okResponseSchema },
      errors: [400],
    },
  },
  '/auth/forgot-password': {
    post: {
      summary: 'Mail a password-reset link (never reveals whether the account exists)',
      tag: 'auth',
      body: forgotPasswordRequestSchema,
      ok: { status: 200, schema: okResponseSchema },
      errors: [400, 429],
    },
  },
  '/auth/reset-password': {
    post: {
      summary: 'Set a new password with a reset token',
      tag: 'auth',
      body: resetPasswordRequestSchema,
      ok: { status: 200, schema: okResponseSchema },
      errors: [400],
    },
  },
  '/stories': {
    get: {
      summary: 'The story library',
      tag: 'practice',
      auth: true,
      query: storiesQuerySchema,
      ok: { status: 200, schema: storiesResponseSchema },
    },
  },
  '/stories/{id}': {
    get: {
      summary: 'One story with its sentences',
      tag: 'practice',
      auth: true,
      ok: { status: 200, schema: storyResponseSchema },
      errors: [404],
    },
  },
  '/progress': {
    get: {
      summary: "The learner's progress and a suggested story",
      tag: 'practice',
      auth: true,
      ok: { status: 200, schema: progressResponseSchema },
    },
  },
  '/feedback-reports': {
    post: {
      summary: 'Report a wrong recognition (idempotent by client_id)',
      tag: 'practice',
      auth: true,
      body: feedbackReportRequestSchema,
      ok: { status: 201, schema: feedbackReportResponseSchema },
      errors: [400, 403],
    },
  },
  '/practice/offline-sessions': {
    post: {
      summary: 'Upload a story practised offline, whole or in pieces (idempotent by client ids; 201 new, 200 replay)',
      tag: 'practice',
      auth: true,
      body: offlineSessionRequestSchema,
      ok: { status: 201, schema: offlineSessionResponseSchema },
      errors: [400, 404, 409, 413, 422],
    },
  },
  '/analytics/events': {
    post: {
      summary: 'First-party analytics events, batched (idempotent by client_id; 201 when any is new, 200 replay)',
      tag: 'practice',
      auth: true,
      body: analyticsBatchSchema,
      ok: { status: 201, schema: analyticsBatchResponseSchema },
      errors: [400],
    },
  },
  '/health': {
    get: { summary: 'Liveness', tag: 'operations', ok: { status: 200, schema: healthResponseSchema }, errors: [503] },
  },
  '/ready': {
    get: {
      summary: 'Readiness: database, Redis and models',
      tag: 'operations',
      ok: { status: 200, schema: readyResponseSchema },
      errors: [503],
    },
  },
};

function queryParameters(schema: ZodType): Json[] {
  const s = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, p]) => ({
    name,
    in: 'query',
    required: s.required?.includes(name) ?? false,
    schema: p,
  }));
}

/** The OpenAPI 3.1 document of the REST API, generated from the zod schemas in packages/protocol. */
export function openApiDocument(): Json {
  const paths: Json = {};
  for (const [path, methods] of Object.entries(OPS)) {
    const item: Json = {};
    for (const [method, op] of Object.entries(methods)) {
      const parameters: Json[] = op.query ? queryParameters(op.query) : [];
      for (const m of path.matchAll(/\{(\w+)\}/g))
        parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
      const responses: Json = {
        [op.ok.status]: {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchema(op.ok.schema, 'output') } },
        },
      };
      for (const status of [...(op.errors ?? []), ...(op.auth ? [401] : [])]) {
        responses[status] = {
          description: 'Error (code and message from the error registry)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        };
      }
      item[method] = {
        summary: op.summary,
        tags: [op.tag],
        ...(op.auth ? { security: [{ bearer: [] }] } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(op.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchema(op.body, 'input') } },
              },
            }
          : {}),
        responses,
      };
    }
    paths[`${API_BASE_PATH}${path}`] = item;
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
