/** Every error a route throws, as the protocol's error body with the registry's status. */
import { errorBody, type ErrorCode } from '@asl/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, errorEntry } from '../errors';

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
      return reply.status(errorEntry(code).status).send(errorBody(code));
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
