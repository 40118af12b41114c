/** Every error a route throws, as the protocol's error body with the registry's status. */
import { errorBody, type ErrorCode } from '@asl/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Duplex } from 'node:stream';
import { AppError, errorEntry } from '../errors';

const FASTIFY_CODE_MAP: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
};

/**
 * The router's own errors (Fastify's frameworkErrors): answered before any route is found, so the
 * error handler never sees them. The message is ours, not Fastify's (which repeats the whole path).
 */
const ROUTER_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not valid: it has a malformed %-escape.' },
  // no code of the registry is 414; the status says what is wrong, the code that the input is
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A part of the address is too long.' },
};

/**
 * PostgreSQL's codes for text it cannot store (22021: a byte sequence invalid in UTF-8, such as
 * NUL in text; 22P05: a character it cannot convert, such as \u0000 in jsonb). The contract's
 * validator refuses NUL before it gets here; this is the safety net for any input it misses.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** True when the error, or an error it wraps (drizzle wraps the driver's in `.cause`), matches. */
function inCauses(error: unknown, match: (e: Error & { code?: unknown }) => boolean): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    if (match(e as Error & { code?: unknown })) return true;
  }
  return false;
}

const isUnstorableText = (error: unknown) =>
  inCauses(error, (e) => typeof e.code === 'string' && UNSTORABLE_TEXT.has(e.code));

/**
 * Every PostgreSQL connection of the pool stayed busy for the pool's wait (pg-pool's message): the
 * server is overloaded, not broken, so the answer is 503 with Retry-After (the app's queues retry
 * later) rather than a 500.
 */
const isPoolExhausted = (error: unknown) =>
  inCauses(
    error,
    (e) => typeof e.message === 'string' && e.message.includes('timeout exceeded when trying to connect'),
  );

function sendError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    for (const [k, v] of Object.entries(error.headers)) void reply.header(k, v);
    return reply.status(error.status).send(errorBody(error.code, error.message, error.field));
  }
  const routerError = error.code ? ROUTER_ERRORS[error.code] : undefined;
  if (routerError) {
    return reply.status(routerError.status).send(errorBody('VALIDATION_ERROR', routerError.message));
  }
  if (error.code === 'FST_CP_ERR_INVALID_CONTENT_ENCODING') {
    return reply
      .status(415)
      .send(
        errorBody(
          'UNSUPPORTED_MEDIA_TYPE',
          "The request body's Content-Encoding is not supported: send it as it is, or as gzip, deflate or br.",
        ),
      );
  }
  if (error instanceof SyntaxError || (error.code && FASTIFY_CODE_MAP[error.code])) {
    const code = (error.code && FASTIFY_CODE_MAP[error.code]) || 'INVALID_JSON';
    return reply.status(errorEntry(code).status).send(errorBody(code));
  }
  if (isUnstorableText(error)) {
    request.log.warn({ err: error }, 'text the database cannot store reached it');
    return reply
      .status(400)
      .send(errorBody('VALIDATION_ERROR', 'The input contains a character that cannot be stored.'));
  }
  if (isPoolExhausted(error)) {
    request.log.warn({ err: error }, 'no database connection free in time: answered busy');
    return reply.status(503).header('retry-after', '5').send(errorBody('SERVER_BUSY'));
  }
  if (error.statusCode === 429) {
    return reply.status(429).send(errorBody('RATE_LIMITED'));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.status(error.statusCode).send(errorBody('VALIDATION_ERROR', error.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorBody('INTERNAL_ERROR'));
}

/**
 * Fastify's `frameworkErrors` option: the errors of the router (a malformed URL, an overlong path
 * parameter), otherwise answered in Fastify's own shape, answered in the coded one like the rest.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(error, request, reply);
}

/** Node's own refusals of a request it cannot parse, answered before Fastify sees one. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive.' },
};

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refuses (a malformed header line,
 * headers over the size limit) answered in the coded shape too, not `{"error":"Bad Request",...}`.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const known = (err.code && CLIENT_ERRORS[err.code]) || {
    status: 400,
    reason: 'Bad Request',
    message: 'The request could not be read: its request line or headers are malformed.',
  };
  const body = JSON.stringify(errorBody('VALIDATION_ERROR', known.message));
  socket.end(
    `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}
