import { ERROR_CODES, errorBody, type ErrorCode } from '@asl/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

/** An error with a code from the protocol registry; the HTTP status comes from the registry. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }
}

/** Validates a payload with a protocol schema; the first issue becomes a 400 naming its field. */
export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  let message = issue?.message ?? ERROR_CODES.VALIDATION_ERROR.message;
  if (issue?.code === 'invalid_type' && field && /expected/i.test(message)) {
    message = `${field} is required and must be a ${String((issue as { expected?: unknown }).expected)}.`;
  }
  throw new AppError('VALIDATION_ERROR', message, field);
}

const FASTIFY_CODE_MAP: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.headers)) void reply.header(k, v);
      return reply.status(error.status).send(errorBody(error.code, error.message, error.field));
    }
    if (error instanceof SyntaxError || (error.code && FASTIFY_CODE_MAP[error.code])) {
      const code = (error.code && FASTIFY_CODE_MAP[error.code]) || 'INVALID_JSON';
      return reply.status(ERROR_CODES[code].status).send(errorBody(code));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('RATE_LIMITED'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('VALIDATION_ERROR', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR'));
  });
}
