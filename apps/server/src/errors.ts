/**
 * The server's errors, for every layer (domain services, routes, the live socket, metrics): an
 * error carries a code from the protocol's one registry (packages/protocol/src/errors.ts), which
 * gives its HTTP status and its default message. http/error-handler.ts turns one into a response.
 */
import { ERROR_CODES, type ErrorCode } from '@asl/protocol';
import type { ZodType } from 'zod';

export type { ErrorCode } from '@asl/protocol';

/** The registry's entry for a code: its HTTP status and its default message. */
export function errorEntry(code: ErrorCode): { status: number; message: string } {
  return ERROR_CODES[code];
}

/** An error with a code from the protocol registry; the HTTP status comes from the registry. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? errorEntry(code).message);
    this.name = 'AppError';
    this.status = errorEntry(code).status;
  }
}

/**
 * Validates a payload with a protocol schema; the first issue becomes a 400 naming its field. An
 * absent payload (no body sent) is checked as `{}`, so a missing field is named; a JSON `null` is
 * checked as it is, and refused, so that it is not taken for an empty (no-op) request.
 */
export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value === undefined ? {} : value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  let message = issue?.message ?? errorEntry('VALIDATION_ERROR').message;
  if (issue?.code === 'invalid_type' && field && /expected/i.test(message)) {
    message = `${field} is required and must be a ${String((issue as { expected?: unknown }).expected)}.`;
  } else if (issue?.code === 'invalid_type' && !field) {
    // the whole payload has the wrong type: only a body can (params and query are always objects)
    message = 'The request body must be a JSON object.';
  }
  throw new AppError('VALIDATION_ERROR', message, field);
}
