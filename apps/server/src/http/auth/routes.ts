import { ROUTES } from '@asl/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { toUserDto } from '../../auth/accounts';
import { assertPasswordAllowed } from '../../auth/common-passwords';
import { createKeyedLimiter, perMinute, type KeyedLimiter } from '../../auth/keyed-limiter';
import type { AuthService } from '../../auth/service';
import { requireAuth, principalOf } from '../authenticate';
import { serve } from '../contract';
import { bodyField, byAddress, byLearner, limitRequests } from './limit';

export interface AuthRouteLimits {
  loginPerMin: number;
  registerPerMin: number;
  forgotPerMin: number;
  refreshPerMin?: number;
  resetPerMin?: number;
  /** Profile updates per learner per minute. */
  writesPerMin?: number;
  /** The counters (shared with the other routes); made from `redis` when not given. */
  limiter?: KeyedLimiter;
  /** Counters in Redis (shared by every process) when given; in this process's memory otherwise. */
  redis?: Redis | null;
  /** The origin of links in mails (PUBLIC_ORIGIN); else the address this server listens on. */
  publicOrigin?: string | undefined;
}

/** The address the server itself listens on, as http://host:port (never a request header). */
export function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return 'http://localhost';
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/** Token answers must never be stored by a browser or a proxy cache. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The /auth calls of spec section 7. Handlers stay thin: parse, call the service, answer. */
export async function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  limits: AuthRouteLimits,
): Promise<void> {
  const limiter = limits.limiter ?? createKeyedLimiter(limits.redis ?? null);
  // Every limit of a route counts every request (own counters, not stacked plugin hooks).
  const limit = limitRequests.bind(null, limiter);
  // (tries per identifier are counted by the service: after the lockout, and not for a known device)
  const loginLimits = limit('LOGIN_RATE_LIMITED', [
    { rule: perMinute('login:ip', limits.loginPerMin), key: byAddress },
  ]);
  const forgotLimits = limit('RATE_LIMITED', [
    { rule: perMinute('forgot:ip', limits.forgotPerMin), key: byAddress },
    { rule: perMinute('forgot:email', limits.forgotPerMin), key: bodyField('email') },
  ]);
  const registerLimits = limit('REGISTER_RATE_LIMITED', [
    { rule: perMinute('register:ip', limits.registerPerMin), key: byAddress },
  ]);
  const refreshLimits = limit('RATE_LIMITED', [
    { rule: perMinute('refresh:ip', limits.refreshPerMin ?? 60), key: byAddress },
  ]);
  const resetLimits = limit('RATE_LIMITED', [
    { rule: perMinute('reset:ip', limits.resetPerMin ?? 10), key: byAddress },
  ]);
  // the reset page's check of its link has a bucket of its own: opening the page does not spend one
  // of the address's resets (the re-check of 2026-11-28)
  const resetCheckLimits = limit('RATE_LIMITED', [
    { rule: perMinute('reset-check:ip', 3 * (limits.resetPerMin ?? 10)), key: byAddress },
  ]);
  const changePasswordLimits = limit('LOGIN_RATE_LIMITED', [
    { rule: perMinute('change-password:learner', limits.loginPerMin), key: byLearner },
  ]);
  const profileLimits = limit('WRITE_RATE_LIMITED', [
    { rule: perMinute('profile:learner', limits.writesPerMin ?? 60), key: byLearner },
  ]);
  const linkOrigin = () => limits.publicOrigin ?? listeningOrigin(app);

  const authed = requireAuth(auth);
  const userAgent = (r: FastifyRequest) => r.headers['user-agent'] ?? null;

  serve(app, ROUTES.register, { preHandler: registerLimits }, async (request, reply) => {
    const body = request.body;
    assertPasswordAllowed(body.password, 'password', body);
    return noStore(reply)
      .status(201)
      .send(await auth.register(body, userAgent(request)));
  });

  serve(app, ROUTES.login, { preHandler: loginLimits }, async (request, reply) => {
    const body = request.body;
    return noStore(reply).send(
      await auth.login(body.identifier, body.password, byAddress(request), userAgent(request), body.device_token),
    );
  });

  serve(app, ROUTES.refresh, { preHandler: refreshLimits }, async (request, reply) => {
    return noStore(reply).send(await auth.refresh(request.body.refresh_token));
  });

  serve(app, ROUTES.me, { preHandler: authed }, async (request) => {
    return { user: toUserDto(principalOf(request).user) };
  });

  serve(app, ROUTES.logout, { preHandler: authed }, async (request) => {
    await auth.logout(principalOf(request));
    return { ok: true as const };
  });

  serve(app, ROUTES.updateProfile, { preHandler: [authed, profileLimits] }, async (request) => {
    return { user: await auth.updateProfile(principalOf(request), request.body) };
  });

  serve(app, ROUTES.changePassword, { preHandler: [authed, changePasswordLimits] }, async (request) => {
    const body = request.body;
    assertPasswordAllowed(body.new_password, 'new_password', principalOf(request).user);
    await auth.changePassword(principalOf(request), body.current_password, body.new_password);
    return { ok: true as const, message: 'Your password has been changed.' };
  });

  serve(app, ROUTES.forgotPassword, { preHandler: forgotLimits }, async (request, reply) => {
    const body = request.body;
    // The lookup and the mail start once the answer is out, so it takes the same time for every
    // address. The link's origin is configuration or this server's own address, never the Host header.
    reply.raw.once('close', () => auth.forgotPassword(body.email, linkOrigin()));
    return {
      ok: true as const,
      message: 'If an account exists for that email, we have sent a link to reset the password.',
    };
  });

  // the reset page asks as it opens: a link used or expired says so before a password is typed
  serve(app, ROUTES.checkResetToken, { preHandler: resetCheckLimits }, async (request) => {
    await auth.resetTokenOwner(request.body.token);
    return { ok: true as const, message: 'This link can set a new password.' };
  });

  serve(app, ROUTES.resetPassword, { preHandler: resetLimits }, async (request) => {
    const body = request.body;
    assertPasswordAllowed(body.new_password, 'new_password');
    await auth.resetPassword(body.token, body.new_password, byAddress(request));
    return { ok: true as const, message: 'Your password has been reset. You can sign in now.' };
  });
}
