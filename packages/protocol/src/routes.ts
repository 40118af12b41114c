import { z, type ZodType } from 'zod';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  meResponseSchema,
  okResponseSchema,
  profileUpdateRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetTokenCheckRequestSchema,
  tokenPairSchema,
} from './auth';
import { ERROR_CODES, type ErrorCode } from './errors';
import { healthResponseSchema, readyResponseSchema } from './health';
import {
  analyticsBatchResponseSchema,
  analyticsBatchSchema,
  offlineSessionRequestSchema,
  offlineSessionResponseSchema,
} from './offline';
import {
  feedbackReportRequestSchema,
  feedbackReportResponseSchema,
  progressQuerySchema,
  progressResponseSchema,
  storiesQuerySchema,
  storiesResponseSchema,
  storyResponseSchema,
} from './practice';

/**
 * The REST contract: every call of the API (under API_BASE_PATH) once, with its schemas. The server
 * registers its routes from it, the OpenAPI document is generated from it, and the web client's
 * `call(route, input)` builds the request from it and checks the answer with `response`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface RestRoute {
  method: HttpMethod;
  /** Relative to API_BASE_PATH, with `:name` path parameters. */
  path: string;
  summary: string;
  tag: 'auth' | 'practice' | 'operations';
  /** A bearer access token is required. */
  auth: boolean;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** The JSON body of every status in `status`. */
  response: ZodType;
  /** The statuses answered with `response`, the usual one first (replays answer 200, not ready 503). */
  status: readonly [number, ...number[]];
  /** The error codes it may answer besides the generic ones (INTERNAL_ERROR). */
  errors: readonly ErrorCode[];
}

const route = <const R extends RestRoute>(r: R): R => r;

/** The codes any call with a JSON body may answer. */
const BODY_ERRORS = ['VALIDATION_ERROR', 'INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const;
/** The codes of the bearer check. */
const AUTH_ERRORS = ['UNAUTHENTICATED', 'TOKEN_INVALID', 'TOKEN_EXPIRED', 'ACCOUNT_DISABLED'] as const;

export const storyParamsSchema = z.object({ id: z.string() });

export const ROUTES = {
  register: route({
    method: 'POST',
    path: '/auth/register',
    summary: 'Create an account and sign in',
    tag: 'auth',
    auth: false,
    body: registerRequestSchema,
    response: tokenPairSchema,
    status: [201],
    errors: [...BODY_ERRORS, 'PASSWORD_TOO_COMMON', 'EMAIL_TAKEN', 'USERNAME_TAKEN', 'REGISTER_RATE_LIMITED'],
  }),
  login: route({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with email or username',
    tag: 'auth',
    auth: false,
    body: loginRequestSchema,
    response: tokenPairSchema,
    status: [200],
    errors: [...BODY_ERRORS, 'INVALID_CREDENTIALS', 'ACCOUNT_DISABLED', 'ACCOUNT_LOCKED', 'LOGIN_RATE_LIMITED'],
  }),
  refresh: route({
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Rotate a refresh token for a new token pair',
    tag: 'auth',
    auth: false,
    body: refreshRequestSchema,
    response: tokenPairSchema,
    status: [200],
    errors: [...BODY_ERRORS, 'REFRESH_TOKEN_INVALID', 'RATE_LIMITED'],
  }),
  me: route({
    method: 'GET',
    path: '/auth/me',
    summary: 'The signed-in user',
    tag: 'auth',
    auth: true,
    response: meResponseSchema,
    status: [200],
    errors: [...AUTH_ERRORS],
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    summary: 'Revoke this session',
    tag: 'auth',
    auth: true,
    response: okResponseSchema,
    status: [200],
    errors: [...AUTH_ERRORS],
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/auth/profile',
    summary: 'Update names or username',
    tag: 'auth',
    auth: true,
    body: profileUpdateRequestSchema,
    response: meResponseSchema,
    status: [200],
    errors: [...AUTH_ERRORS, ...BODY_ERRORS, 'USERNAME_TAKEN', 'WRITE_RATE_LIMITED'],
  }),
  changePassword: route({
    method: 'POST',
    path: '/auth/change-password',
    summary: 'Change the password (signs out the other sessions)',
    tag: 'auth',
    auth: true,
    body: changePasswordRequestSchema,
    response: okResponseSchema,
    status: [200],
    errors: [
      ...AUTH_ERRORS,
      ...BODY_ERRORS,
      'WRONG_PASSWORD',
      'PASSWORD_TOO_COMMON',
      'PASSWORD_ATTEMPTS_EXCEEDED',
      'LOGIN_RATE_LIMITED',
    ],
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'Mail a password-reset link (never reveals whether the account exists)',
    tag: 'auth',
    auth: false,
    body: forgotPasswordRequestSchema,
    response: okResponseSchema,
    status: [200],
    errors: [...BODY_ERRORS, 'RATE_LIMITED'],
  }),
  resetPassword: route({
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Set a new password with a reset token',
    tag: 'auth',
    auth: false,
    body: resetPasswordRequestSchema,
    response: okResponseSchema,
    status: [200],
    errors: [...BODY_ERRORS, 'RESET_TOKEN_INVALID', 'PASSWORD_TOO_COMMON', 'RATE_LIMITED'],
  }),
  checkResetToken: route({
    method: 'POST',
    path: '/auth/reset-password/check',
    summary: 'Whether a reset token can still set a password (spends nothing)',
    tag: 'auth',
    auth: false,
    body: resetTokenCheckRequestSchema,
    response: okResponseSchema,
    status: [200],
    errors: [...BODY_ERRORS, 'RESET_TOKEN_INVALID', 'RATE_LIMITED'],
  }),
  stories: route({
    method: 'GET',
    path: '/stories',
    summary: 'The story library',
    tag: 'practice',
    auth: true,
    query: storiesQuerySchema,
    response: storiesResponseSchema,
    status: [200],
    errors: [...AUTH_ERRORS, 'FORBIDDEN', 'VALIDATION_ERROR'],
  }),
  story: route({
    method: 'GET',
    path: '/stories/:id',
    summary: 'One story with its sentences',
    tag: 'practice',
    auth: true,
    params: storyParamsSchema,
    response: storyResponseSchema,
    status: [200],
    errors: [...AUTH_ERRORS, 'FORBIDDEN', 'STORY_NOT_FOUND'],
  }),
  progress: route({
    method: 'GET',
    path: '/progress',
    summary: "The learner's progress and a suggested story",
    tag: 'practice',
    auth: true,
    query: progressQuerySchema,
    response: progressResponseSchema,
    status: [200],
    errors: [...AUTH_ERRORS, 'FORBIDDEN', 'VALIDATION_ERROR'],
  }),
  feedbackReport: route({
    method: 'POST',
    path: '/feedback-reports',
    summary: 'Report a wrong recognition (idempotent by client_id; 201 new, 200 replay)',
    tag: 'practice',
    auth: true,
    body: feedbackReportRequestSchema,
    response: feedbackReportResponseSchema,
    status: [201, 200],
    errors: [...AUTH_ERRORS, ...BODY_ERRORS, 'FORBIDDEN', 'SESSION_NOT_FOUND', 'WRITE_RATE_LIMITED'],
  }),
  offlineSession: route({
    method: 'POST',
    path: '/practice/offline-sessions',
    summary: 'Upload a story practised offline, whole or in pieces (idempotent by client ids; 201 new, 200 replay)',
    tag: 'practice',
    auth: true,
    body: offlineSessionRequestSchema,
    response: offlineSessionResponseSchema,
    status: [201, 200],
    errors: [
      ...AUTH_ERRORS,
      ...BODY_ERRORS,
      'FORBIDDEN',
      'STORY_NOT_FOUND',
      'CLIENT_ID_CONFLICT',
      'TARGET_MISMATCH',
      'WRITE_RATE_LIMITED',
    ],
  }),
  analyticsEvents: route({
    method: 'POST',
    path: '/analytics/events',
    summary: 'First-party analytics events, batched (idempotent by client_id; 201 when any is new, 200 replay)',
    tag: 'practice',
    auth: true,
    body: analyticsBatchSchema,
    response: analyticsBatchResponseSchema,
    status: [201, 200],
    errors: [...AUTH_ERRORS, ...BODY_ERRORS, 'WRITE_RATE_LIMITED'],
  }),
  health: route({
    method: 'GET',
    path: '/health',
    summary: 'Liveness (503 with the same body when the database is down)',
    tag: 'operations',
    auth: false,
    response: healthResponseSchema,
    status: [200, 503],
    errors: [],
  }),
  ready: route({
    method: 'GET',
    path: '/ready',
    summary: 'Readiness: database, Redis and models (503 with the same body when not ready)',
    tag: 'operations',
    auth: false,
    response: readyResponseSchema,
    status: [200, 503],
    errors: [],
  }),
} as const satisfies Record<string, RestRoute>;

export type RouteName = keyof typeof ROUTES;

/** What a client tells the learner when an answer breaks the contract: the server-fault text. */
export const BROKEN_ANSWER_MESSAGE = ERROR_CODES.INTERNAL_ERROR.message;

type Part<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends ZodType }
  ? { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a caller gives a route: its path parameters, query and body (as the schemas accept them). */
export type RouteInput<R extends RestRoute> = Part<R, 'params'> & Part<R, 'query'> & Part<R, 'body'>;
/** What a handler receives after validation. */
export type RouteParsed<R extends RestRoute, K extends 'params' | 'query' | 'body'> = R extends {
  [P in K]: infer S extends ZodType;
}
  ? z.output<S>
  : undefined;
/** The route's answer. */
export type RouteOutput<R extends RestRoute> = z.output<R['response']>;

/** The path with its `:name` parameters filled in (each one URI-encoded). */
export function routePath(route: RestRoute, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
