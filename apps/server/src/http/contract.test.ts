import { ROUTES, type RestRoute } from '@asl/protocol';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serve } from './contract';
import { AppError } from '../errors';
import { registerErrorHandling } from './error-handler';

function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  registerErrorHandling(app);
  register(app);
  return app;
}

describe('serve(app, route): a route of the contract', () => {
  it('answers a bad body with the coded VALIDATION_ERROR naming the field, and hands the handler the parsed body', async () => {
    const app = appWith((a) =>
      serve(a, ROUTES.login, {}, async (request) => {
        throw new AppError('INVALID_CREDENTIALS', `seen ${request.body.identifier}`);
      }),
    );
    const bad = await app.inject({ method: 'POST', url: '/auth/login', payload: { identifier: 'a' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Password is required.', field: 'password' },
    });
    const ok = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: ' A@B.org ', password: 'x' },
    });
    expect(ok.json().error.message).toBe('seen a@b.org'); // trimmed and lowercased by the schema
  });

  it('raises the validation error only after the preHandlers (authentication answers first)', async () => {
    const app = appWith((a) =>
      serve(
        a,
        ROUTES.feedbackReport,
        {
          preHandler: async () => {
            throw new AppError('UNAUTHENTICATED');
          },
        },
        async () => ({ id: null, duplicate: true }),
      ),
    );
    const res = await app.inject({ method: 'POST', url: '/feedback-reports', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses to send an answer that breaks the contract (500, not the broken body)', async () => {
    const route = {
      ...ROUTES.health,
      path: '/broken',
      response: z.object({ status: z.literal('ok') }),
    } satisfies RestRoute;
    const app = appWith((a) => serve(a, route, {}, async () => ({ status: 'nope' }) as never));
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('nope');
  });
});
