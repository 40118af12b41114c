import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * Inputs at the edge of what the server parses: a NUL character (PostgreSQL refuses to store one,
 * which was a 500), a broken or overlong URL (Fastify's own error body, not the coded one) and a
 * JSON body of `null` (taken as `{}`, a no-op 200). Each is a coded 4xx.
 */
describe('edge inputs answer coded client errors', () => {
  let server: TestServer;
  let token: string;
  let storyId: string;
  let n = 0;
  const register = (extra: Record<string, unknown> = {}) => {
    const id = `${Date.now().toString(36)}${n++}`;
    return call(server.api('/auth/register'), {
      body: { username: `edge_${id}`, email: `edge.${id}@example.org`, password: 'signing-is-fun', ...extra },
    });
  };
  const expectNul = (res: { status: number; body: any }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'VALIDATION_ERROR', message: `${field} must not contain the NUL character.`, field },
    });
  };
  const attempt = (detected: string) => ({
    client_id: randomUUID(),
    sentence_index: 0,
    word_index: 0,
    letter_index: 0,
    target: 'X', // checked against the story only after validation
    detected,
    correct: false,
    confidence: 0.5,
    held_ms: 100,
    at: new Date().toISOString(),
  });
  const upload = (storyIdValue: string, attempts: unknown[] = []) => ({
    client_id: randomUUID(),
    story_id: storyIdValue,
    started_at: new Date().toISOString(),
    completed_at: null,
    attempts,
  });

  beforeAll(async () => {
    server = await startTestServer('pglite', { RECOGNITION_WORKERS: '0', RATE_LIMIT_REGISTER_PER_MIN: '1000' });
    const res = await register();
    expect(res.status).toBe(201);
    token = res.body.access_token;
    storyId = (await call(server.api('/stories?level=1'), { token })).body.stories[0].id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a NUL in a body field is a 400 naming the field, on every kind of write', async () => {
    expectNul(
      await call(server.api('/auth/login'), { body: { identifier: 'someone\u0000', password: 'x' } }),
      'identifier',
    );
    expectNul(await register({ firstName: 'A\u0000B' }), 'firstName');
    expectNul(
      await call(server.api('/auth/profile'), { method: 'PUT', token, body: { firstName: 'A\u0000B' } }),
      'firstName',
    );
    expectNul(
      await call(server.api('/feedback-reports'), { token, body: { target: 'A', detected: 'S', note: 'x\u0000' } }),
      'note',
    );
    expectNul(
      await call(server.api('/feedback-reports'), { token, body: { target: '\u0000', detected: 'S' } }),
      'target',
    );
    const event = { client_id: randomUUID(), name: 'page_view', at: new Date().toISOString() };
    expectNul(
      await call(server.api('/analytics/events'), {
        token,
        body: { events: [{ ...event, props: { page: '\u0000' } }] },
      }),
      'events.0.props.page',
    );
    expectNul(
      await call(server.api('/practice/offline-sessions'), { token, body: upload(storyId, [attempt('S\u0000')]) }),
      'attempts.0.detected',
    );
    expectNul(
      await call(server.api('/practice/offline-sessions'), { token, body: upload(`${storyId}\u0000`) }),
      'story_id',
    );
  });

  it('a NUL in an object key is a 400 too (a JSON key is stored as it is in jsonb)', async () => {
    const event = { client_id: randomUUID(), name: 'page_view', at: new Date().toISOString(), props: { 'a\u0000': 1 } };
    const res = await call(server.api('/analytics/events'), { token, body: { events: [event] } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'events.0.props' });
  });

  it('a NUL in a path or query parameter is a 400 naming it', async () => {
    expectNul(await call(server.api('/stories/%00'), { token }), 'id');
    expectNul(await call(server.api('/stories?tag=%00'), { token }), 'tag');
  });

  it('an anonymous call with a NUL is still told 401 first', async () => {
    const res = await call(server.api('/feedback-reports'), { body: { target: 'A', detected: 'S', note: '\u0000' } });
    expect(res.status).toBe(401);
  });

  it('a malformed percent-encoding in the URL is a coded 400', async () => {
    const res = await call(server.api('/stories/%E0%A4%A'), { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
  });

  it('an overlong path parameter is a coded 414', async () => {
    const res = await call(server.api(`/stories/${'a'.repeat(600)}`), { token });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
  });

  it('a time before 1970 (a year 0 the database cannot store) is a 400 naming the field, not a 500', async () => {
    const year0 = '0000-01-01T00:00:00Z';
    const started = await call(server.api('/practice/offline-sessions'), {
      token,
      body: { ...upload(storyId), started_at: year0 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(400);
    expect(started.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'started_at' });
    const attemptAt = await call(server.api('/practice/offline-sessions'), {
      token,
      body: upload(storyId, [{ ...attempt('A'), at: '0001-01-01T00:00:00+01:00' }]), // year 0 in UTC
    });
    expect(attemptAt.status, JSON.stringify(attemptAt.body)).toBe(400);
    const event = await call(server.api('/analytics/events'), {
      token,
      body: { events: [{ client_id: randomUUID(), name: 'page_view', at: year0 }] },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(400);
    expect(event.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'events.0.at' });
  });

  it('a sent_at that would move the times before 1970 is not used: stored, not a 500', async () => {
    const body = { ...upload(storyId), sent_at: '9999-12-31T23:59:59Z' };
    const res = await call(server.api('/practice/offline-sessions'), { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ duplicate: false, attempts_stored: 0 });
  });

  it('a JSON body of null is refused, and the profile is unchanged', async () => {
    const before = (await call(server.api('/auth/me'), { token })).body;
    const res = await call(server.api('/auth/profile'), { method: 'PUT', token, raw: 'null' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect((await call(server.api('/auth/me'), { token })).body).toEqual(before);
    // an absent body is still no change, as before
    const empty = await call(server.api('/auth/profile'), { method: 'PUT', token, raw: '' });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
  });

  it('answers a request Node cannot parse in the coded shape: a malformed header, headers too large', async () => {
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
        socket.write(request);
      });
    const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
    const malformed = await raw('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1.1 400 /);
    expect(bodyOf(malformed).error.code).toBe('VALIDATION_ERROR');
    const huge = await raw(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nAuthorization: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1.1 431 /);
    expect(bodyOf(huge).error).toEqual({ code: 'VALIDATION_ERROR', message: 'The request headers are too large.' });
  });
});
