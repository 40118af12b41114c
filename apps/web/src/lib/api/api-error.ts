import { ERROR_CLASSIFICATION, type ErrorClassification } from '@asl/protocol';

/** A failed call: the HTTP status (0 for network failure) and the server's coded error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** The classification table of spec section 8, by status or by message text. */
export function classifyError(err: unknown): ErrorClassification {
  if (err instanceof ApiError) {
    if (err.status === 0) return ERROR_CLASSIFICATION.network;
    if (err.status === 408 || err.code === 'TIMEOUT') return ERROR_CLASSIFICATION.timeout;
    if (err.status === 401) return ERROR_CLASSIFICATION.authentication;
    if (err.status === 403) return ERROR_CLASSIFICATION.permission;
    if (err.status === 400 || err.status === 422) return ERROR_CLASSIFICATION.validation;
    if (err.status >= 500) return ERROR_CLASSIFICATION.server;
    if (err.status >= 400) return ERROR_CLASSIFICATION.client;
  }
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  // Vite's own words for a file gone after a deploy: "Unable to preload CSS for /assets/x.css"
  if (
    /ChunkLoadError|Loading chunk|dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      text,
    )
  ) {
    return ERROR_CLASSIFICATION.chunk_load;
  }
  if (/timeout|timed out|AbortError/i.test(text)) return ERROR_CLASSIFICATION.timeout;
  if (/Failed to fetch|NetworkError|network|offline/i.test(text)) return ERROR_CLASSIFICATION.network;
  return ERROR_CLASSIFICATION.unknown;
}
