import { ROUTES, type RestRoute } from '@asl/protocol';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findUnstorable, serve } from './contract';
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

  it('refuses the NUL character anywhere in the input, naming where, before zod (which would trim or drop it)', async () => {
    const app = appWith((a) => serve(a, ROUTES.login, {}, async () => ({}) as never));
    const login = (payload: unknown) => app.inject({ method: 'POST', url: '/auth/login', payload: payload as object });
    // trimmed by the schema if it were checked after: must still be refused
    const res = await login({ identifier: ' someone\u0000 ', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'identifier must not contain the NUL character.',
        field: 'identifier',
      },
    });
    // an unknown field zod would strip is refused too
    expect((await login({ identifier: 'a', password: 'x', extra: ['ok', '\u0000'] })).json().error).toMatchObject({
      field: 'extra.1',
    });
    const key = (await login({ identifier: 'a', password: 'x', 'k\u0000': 1 })).json().error;
    expect(key).toEqual({ code: 'VALIDATION_ERROR', message: 'A field name must not contain the NUL character.' });
  });

  it('refuses a JSON body of null, and checks a request without a body as {}', async () => {
    const app = appWith((a) =>
      serve(a, ROUTES.updateProfile, {}, async (request) => {
        throw new AppError('FORBIDDEN', `seen ${JSON.stringify(request.body)}`);
      }),
    );
    const put = (payload?: string) =>
      app.inject({
        method: 'PUT',
        url: '/auth/profile',
        ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
      });
    const nul = await put('null');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'The request body must be a JSON object.' },
    });
    expect((await put('[]')).statusCode).toBe(400);
    // no body at all: every field of this call is optional, so the handler gets {}
    const absent = await put();
    expect(absent.json().error.message).toBe('seen {}');
  });
});

describe('findUnstorable', () => {
  it('finds the first NUL in strings and keys, or none', () => {
    expect(findUnstorable({ a: 'x', b: ['y', { c: 'z' }] })).toBeNull();
    expect(findUnstorable({ a: 'x', b: ['y', { c: 'z\u0000' }], d: '\u0000' })).toEqual({
      path: ['b', '1', 'c'],
      inKey: false,
      what: 'nul',
    });
    expect(findUnstorable({ a: { 'b\u0000': 1 } })).toEqual({ path: ['a'], inKey: true, what: 'nul' });
    expect(findUnstorable('\u0000')).toEqual({ path: [], inKey: false, what: 'nul' });
    expect(findUnstorable(null)).toBeNull();
  });

  it('finds half a surrogate pair, alone, first or last, in strings and keys; whole pairs pass', () => {
    expect(findUnstorable({ a: 'sign \u{1F91F} ok', b: ['\uD83E\uDD1F'] })).toBeNull();
    for (const lone of ['\uD800', 'x\uDBFFy', '\uDC00', 'ab\uDFFF', '\uDD1F\uD83E'])
      expect(findUnstorable({ props: { a: lone } })).toEqual({ path: ['props', 'a'], inKey: false, what: 'surrogate' });
    expect(findUnstorable({ props: { '\uDC00': 1 } })).toEqual({ path: ['props'], inKey: true, what: 'surrogate' });
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorable(deep)?.path).toHaveLength(100_000);
  });
});
