import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';

describe.each(DB_KINDS)('health and HTTP basics (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reports ok with version, database and uptime', async () => {
    const res = await call(server.api('/health'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(typeof res.body.version).toBe('string');
    expect(res.body.uptime_s).toBeGreaterThanOrEqual(0);
  });

  it('answers unknown API paths with a coded 404', async () => {
    const res = await call(server.api('/nowhere'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('answers malformed JSON with a coded 400 and an oversize body with 413', async () => {
    const bad = await call(server.api('/auth/login'), { raw: '{"identifier": ' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_JSON');
    const huge = await call(server.api('/auth/login'), {
      raw: JSON.stringify({ identifier: 'x'.repeat(200_000), password: 'y' }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const wrongType = await call(server.api('/auth/login'), {
      raw: '<login/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    // JSON sent as plain text is refused as the wrong type too, not read as a string
    const plain = await call(server.api('/auth/login'), {
      raw: JSON.stringify({ identifier: 'robin', password: 'fingers-spell' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(plain.status).toBe(415);
    expect(plain.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 503 when the database is down', async () => {
    const s = await startTestServer(kind);
    try {
      await s.database.close();
      const res = await call(s.api('/health'));
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'error', database: 'down' });
    } finally {
      await s.stop();
    }
  });
});
