import { z } from 'zod';
import {
  AUTH_ERROR_MESSAGES,
  LIVE_CLOSE_MESSAGES,
  LOGIN_MESSAGES,
  REGISTRATION_MESSAGES,
  SESSION_MESSAGES,
} from './messages';

/**
 * The one coded registry of errors the server sends. Every HTTP error body is
 * `{ error: { code, message, field? } }`; every live `error` message carries a code from here.
 */
export const ERROR_CODES = {
  // generic HTTP
  VALIDATION_ERROR: { status: 400, message: 'Please check your input and try again.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as application/json.' },
  NOT_FOUND: { status: 404, message: 'The requested resource was not found.' },
  UPGRADE_REQUIRED: { status: 426, message: 'The live connection is a WebSocket: open it with a WebSocket client.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL_ERROR: { status: 500, message: 'Server error. Please try again in a moment.' },
  SERVER_BUSY: { status: 503, message: 'The server is busy. Please try again in a moment.' },
  // authentication and accounts
  UNAUTHENTICATED: { status: 401, message: 'Authentication is required.' },
  INVALID_CREDENTIALS: { status: 401, message: LOGIN_MESSAGES[401] },
  TOKEN_EXPIRED: { status: 401, message: AUTH_ERROR_MESSAGES.session_expired },
  TOKEN_INVALID: { status: 401, message: AUTH_ERROR_MESSAGES.token_invalid },
  REFRESH_TOKEN_INVALID: { status: 401, message: SESSION_MESSAGES.sessionExpired },
  FORBIDDEN: { status: 403, message: "You don't have permission to access this resource." },
  ACCOUNT_LOCKED: { status: 423, message: AUTH_ERROR_MESSAGES.account_locked },
  ACCOUNT_DISABLED: { status: 403, message: AUTH_ERROR_MESSAGES.account_disabled },
  EMAIL_TAKEN: { status: 409, message: REGISTRATION_MESSAGES[409] },
  USERNAME_TAKEN: { status: 409, message: 'That username is already taken. Please choose another one.' },
  LOGIN_RATE_LIMITED: { status: 429, message: LOGIN_MESSAGES[429] },
  REGISTER_RATE_LIMITED: { status: 429, message: REGISTRATION_MESSAGES[429] },
  RESET_TOKEN_INVALID: { status: 400, message: 'This password reset link is invalid or has expired.' },
  WRONG_PASSWORD: { status: 400, message: 'Your current password is not correct.' },
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'This is one of the most common passwords, so it is easy to guess. Choose another.',
  },
  PASSWORD_ATTEMPTS_EXCEEDED: {
    status: 401,
    message: 'Too many wrong passwords. You have been signed out; please sign in again.',
  },
  WRITE_RATE_LIMITED: { status: 429, message: 'Too many changes in a short time. Please wait a moment and try again.' },
  // live socket
  MESSAGE_PARSE_ERROR: { status: 400, message: 'Invalid message format received' },
  UNKNOWN_MESSAGE_TYPE: { status: 400, message: 'Unknown message type.' },
  INVALID_MESSAGE: { status: 400, message: 'The message does not match the protocol.' },
  FRAME_TOO_LARGE: { status: 413, message: 'The frame is larger than 256 KB.' },
  FRAME_NOT_JPEG: { status: 400, message: 'The frame is not a JPEG image.' },
  FRAME_BAD_DIMENSIONS: { status: 400, message: 'The frame has unsupported dimensions.' },
  FRAME_TOO_COMPLEX: {
    status: 400,
    message: 'The frame must be a baseline JPEG of 8-bit greyscale or colour, as a camera sends.',
  },
  LIVE_RATE_LIMITED: { status: 429, message: 'Too many messages. Please slow down.' },
  CONTROL_RATE_LIMITED: { status: 429, message: 'Too many clicks at once. Wait a moment, then try again.' },
  LIVE_SESSION_REVOKED: { status: 401, message: LIVE_CLOSE_MESSAGES.sessionRevoked },
  LIVE_TOO_MANY_SOCKETS: { status: 429, message: LIVE_CLOSE_MESSAGES.tooManySockets },
  LIVE_ADDRESS_SOCKETS: {
    status: 429,
    message: 'Too many live connections from your network right now. Please try again in a moment.',
  },
  SESSION_NOT_STARTED: { status: 409, message: 'Start a practice session first.' },
  SESSION_NOT_FOUND: { status: 404, message: 'That practice session was not found.' },
  STORY_NOT_FOUND: { status: 404, message: 'That story was not found.' },
  TOPIC_UNUSABLE: {
    status: 400,
    message: 'No story can be made from that topic. Try a word or two, such as rain or ice cream.',
  },
  STORIES_MADE_LIMITED: {
    status: 429,
    message: 'You have started many new topics and drills this hour. Choose a story from the list, or try again later.',
  },
  // offline uploads
  TARGET_MISMATCH: { status: 422, message: "An attempt does not match the story's letters." },
  CLIENT_ID_CONFLICT: { status: 409, message: 'That client id already belongs to another record.' },
  RECOGNITION_UNAVAILABLE: { status: 503, message: 'Recognition is not available right now.' },
  // a recognition worker overran its deadline (and was replaced) or crashed on a frame: the server's fault
  RECOGNITION_TIMEOUT: { status: 503, message: 'Recognition took too long on this frame. Please keep signing.' },
  RECOGNITION_FAILED: { status: 500, message: 'Recognition failed on this frame. Please keep signing.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The wire shape of every HTTP error (for documentation; ApiErrorBody is its type). */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; field?: string };
}

export function errorBody(code: ErrorCode, message?: string, field?: string): ApiErrorBody {
  const body: ApiErrorBody = { error: { code, message: message ?? ERROR_CODES[code].message } };
  if (field) body.error.field = field;
  return body;
}
