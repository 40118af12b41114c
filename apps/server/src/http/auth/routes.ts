import rateLimit from '@fastify/rate-limit';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  profileUpdateRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  type ErrorCode,
} from '@asl/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { toUserDto } from '../../auth/accounts';
import type { AuthService } from '../../auth/service';
import { requireAuth, principalOf } from '../authenticate';
import { AppError, parseWith } from '../errors';

export interface AuthRouteLimits {
  loginPerMin: number;
  registerPerMin: number;
  forgotPerMin: number;
  /** Counters in Redis (shared by every process) when given; in this process's memory otherwise. */
  redis?: Redis | null;
}

function identifierOf(request: FastifyRequest, field: 'identifier' | 'email'): string {
  const value = (request.body as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '';
}

/** The /auth calls of spec section 7. Handlers stay thin: parse, call the service, answer. */
export async function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  limits: AuthRouteLimits,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(limits.redis ? { redis: limits.redis, nameSpace: 'asl:rl:', skipOnError: true } : {}),
  });

  const limiter = (max: number, code: ErrorCode, key: (r: FastifyRequest) => string) =>
    app.rateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: key,
      errorResponseBuilder: (_req, ctx) =>
        new AppError(code, undefined, undefined, { 'retry-after': String(Math.max(1, Math.ceil(ctx.ttl / 1000))) }),
    });
  const perIp = (name: string) => (r: FastifyRequest) => `${name}:ip:${r.ip}`;

  const authed = requireAuth(auth);
  const userAgent = (r: FastifyRequest) => r.headers['user-agent'] ?? null;

  app.post(
    '/auth/register',
    { preHandler: [limiter(limits.registerPerMin, 'REGISTER_RATE_LIMITED', perIp('register'))] },
    async (request, reply) => {
      const body = parseWith(registerRequestSchema, request.body);
      return reply.status(201).send(await auth.register(body, userAgent(request)));
    },
  );

  app.post(
    '/auth/login',
    {
      preHandler: [
        limiter(limits.loginPerMin, 'LOGIN_RATE_LIMITED', perIp('login')),
        limiter(limits.loginPerMin, 'LOGIN_RATE_LIMITED', (r) => `login:id:${identifierOf(r, 'identifier')}`),
      ],
    },
    async (request) => {
      const body = parseWith(loginRequestSchema, request.body);
      return auth.login(body.identifier, body.password, request.ip, userAgent(request));
    },
  );

  app.post('/auth/refresh', async (request) => {
    const body = parseWith(refreshRequestSchema, request.body);
    return auth.refresh(body.refresh_token);
  });

  app.get('/auth/me', { preHandler: authed }, async (request) => {
    return { user: toUserDto(principalOf(request).user) };
  });

  app.post('/auth/logout', { preHandler: authed }, async (request) => {
    await auth.logout(principalOf(request));
    return { ok: true };
  });

  app.put('/auth/profile', { preHandler: authed }, async (request) => {
    const body = parseWith(profileUpdateRequestSchema, request.body);
    return { user: await auth.updateProfile(principalOf(request), body) };
  });

  app.post('/auth/change-password', { preHandler: authed }, async (request) => {
    const body = parseWith(changePasswordRequestSchema, request.body);
    await auth.changePassword(principalOf(request), body.current_password, body.new_password);
    return { ok: true, message: 'Your password has been changed.' };
  });

  app.post(
    '/auth/forgot-password',
    {
      preHandler: [
        limiter(limits.forgotPerMin, 'RATE_LIMITED', perIp('forgot')),
        limiter(limits.forgotPerMin, 'RATE_LIMITED', (r) => `forgot:id:${identifierOf(r, 'email')}`),
      ],
    },
    async (request) => {
      const body = parseWith(forgotPasswordRequestSchema, request.body);
      const origin = `${request.protocol}://${request.host}`;
      await auth.forgotPassword(body.email, origin);
      return { ok: true, message: 'If an account exists for that email, we have sent a link to reset the password.' };
    },
  );

  app.post('/auth/reset-password', async (request) => {
    const body = parseWith(resetPasswordRequestSchema, request.body);
    await auth.resetPassword(body.token, body.new_password);
    return { ok: true, message: 'Your password has been reset. You can sign in now.' };
  });
}
