import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { TEST_REDIS_URL } from '../test/redis';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';

describe.each(DB_KINDS)('GET /api/v1/ready (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {});
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 200 when the database, Redis (when set) and the models are there', async () => {
    const res = await call(server.api('/ready'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      database: 'ok',
      redis: TEST_REDIS_URL ? 'ok' : 'disabled',
      models: 'ok',
      live_connections: { process: 0 },
    });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers 503 naming Redis when Redis is unreachable, while /health stays 200', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const s = await startTestServer(kind, { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await call(s.api('/ready'));
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'error', database: 'ok', redis: 'down' });
      expect((await call(s.api('/health'))).status).toBe(200);
      // Accounts still work: rate limits fail open, lockout and revocation checks fall back to the database.
      const user = {
        username: `nored_${Date.now()}`,
        email: `nored${Date.now()}@example.org`,
        password: 'signing-is-fun',
      };
      expect((await call(s.api('/auth/register'), { body: user })).status).toBe(201);
      const wrong = await call(s.api('/auth/login'), { body: { identifier: user.email, password: 'wrong-password' } });
      expect(wrong.status).toBe(401);
      const login = await call(s.api('/auth/login'), { body: { identifier: user.email, password: user.password } });
      expect(login.status).toBe(200);
      expect((await call(s.api('/auth/me'), { token: login.body.access_token })).status).toBe(200);
      expect((await call(s.api('/auth/logout'), { method: 'POST', token: login.body.access_token })).status).toBe(200);
      expect((await call(s.api('/auth/me'), { token: login.body.access_token })).status).toBe(401);
    } finally {
      await s.stop();
    }
  });

  it('answers 503 when the database is down, and 503 when the models are missing', async () => {
    const s = await startTestServer(kind, { MODEL_DIR: '/nonexistent-models' });
    try {
      const missing = await call(s.api('/ready'));
      expect(missing.status).toBe(503);
      expect(missing.body).toMatchObject({ database: 'ok', models: 'missing' });
      await s.database.close();
      const down = await call(s.api('/ready'));
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'error', database: 'down' });
    } finally {
      await s.stop();
    }
  });
});
