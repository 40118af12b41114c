import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * Issue 14 item 7: POST /auth/logout sent as `Content-Type: application/json` with an empty body
 * answered 400 INVALID_JSON and the session stayed alive. An empty body on a call that takes none
 * is accepted, on every such route (taken from the OpenAPI document, so a new route is covered).
 */
describe('an empty JSON body on a call that takes none', () => {
  let server: TestServer;
  let n = 0;
  const learner = async () => {
    const id = `${Date.now().toString(36)}${n++}`;
    const res = await call(server.api('/auth/register'), {
      body: { username: `empty_${id}`, email: `empty.${id}@example.org`, password: 'signing-is-fun' },
      headers: { 'x-forwarded-for': `10.7.0.${n}` },
    });
    expect(res.status).toBe(201);
    return res.body as { access_token: string; refresh_token: string };
  };
  // fetch sends no body at all with GET; every other method gets `Content-Length: 0`.
  const emptyJson = (url: string, method: string, token: string, contentType = 'application/json') =>
    call(url, { method, token, headers: { 'content-type': contentType }, ...(method === 'GET' ? {} : { raw: '' }) });

  beforeAll(async () => {
    server = await startTestServer('pglite', { RECOGNITION_WORKERS: '0', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('logout succeeds and the session is over', async () => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const { access_token, refresh_token } = await learner();
      const out = await emptyJson(server.api('/auth/logout'), 'POST', access_token, contentType);
      expect(out.status, contentType).toBe(200);
      expect(out.body).toEqual({ ok: true });
      expect((await call(server.api('/auth/me'), { token: access_token })).status).toBe(401);
      expect((await call(server.api('/auth/refresh'), { body: { refresh_token } })).status).toBe(401);
    }
  });

  it('every documented call without a request body accepts one', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const { access_token } = await learner();
    const storyId = (await call(server.api('/stories?level=1'), { token: access_token })).body.stories[0].id;
    const bodiless = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !op.requestBody)
        .map(([method]) => ({ path, method: method.toUpperCase() })),
    );
    expect(bodiless.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/v1/auth/logout');
    // Logout last: it ends the session the others use.
    bodiless.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    for (const { path, method } of bodiless) {
      const url = `${server.url}${path.replace('{id}', storyId)}`;
      const res = await emptyJson(url, method, access_token);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await call(server.api('/auth/me'), { token: access_token })).status).toBe(401);
  });

  it('a call that takes a body still names the missing field, and malformed JSON is still refused', async () => {
    const empty = await call(server.api('/auth/login'), { raw: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'identifier' });
    const malformed = await call(server.api('/auth/login'), { raw: '{"identifier":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('INVALID_JSON');
    const poisoned = await call(server.api('/auth/login'), { raw: '{"__proto__":{"x":1},"identifier":"a"}' });
    expect(poisoned.status).toBe(400);
  });
});
