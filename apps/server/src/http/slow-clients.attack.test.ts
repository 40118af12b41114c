/**
 * What the attack review of 2026-11-28 (second round) found over HTTP: one address's unfinished
 * requests took every file descriptor (every other client was refused), a body sent a byte at a
 * time held its connection without end, one learner calling GET /progress in a loop queued
 * everyone's queries, and a refresh whose successor failed to store spent the only token.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { freshIp, registerLearner } from '../test/learners';
import { refusedWrites } from '../test/refused-writes';
import { startTestServer, type TestServer } from '../test/test-server';

const MAX_CONNECTIONS = 4;

/** A raw TCP connection to the server, opened (or refused) before it resolves. */
function rawSocket(server: TestServer): Promise<Socket> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(port), hostname, () => resolve(s));
    s.once('error', reject);
  });
}
const closed = (s: Socket) =>
  new Promise<string>((resolve) => {
    let data = '';
    s.on('data', (d) => (data += d.toString()));
    s.on('error', () => {});
    s.once('close', () => resolve(data));
  });

describe('slow and greedy clients over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      RECOGNITION_WORKERS: '0',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS),
      HTTP_REQUEST_TIMEOUT_MS: '1000',
      RATE_LIMIT_PROGRESS_PER_MIN: '3',
      RATE_LIMIT_PROGRESS_PER_MIN_PER_ADDRESS: '5',
      TRUST_PROXY: 'false',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('cuts one connection more than an address may hold, and takes one again when another closes', async () => {
    const held: Socket[] = [];
    for (let i = 0; i < MAX_CONNECTIONS; i++) {
      const s = await rawSocket(server);
      s.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n'); // headers never finished
      held.push(s);
    }
    const extra = await rawSocket(server);
    const gone = closed(extra);
    extra.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await gone).toBe(''); // cut, unanswered
    held.pop()!.destroy();
    // the server counts the close when its close event comes: asked until it answers
    let status = 0;
    for (let tries = 0; tries < 50 && status !== 200; tries++) {
      status = await fetch(server.api('/health'), { headers: { connection: 'close' } }).then(
        (r) => r.status,
        () => 0,
      );
    }
    expect(status).toBe(200);
    for (const s of held) s.destroy();
  });

  it('answers a request whose body never finishes 408 and closes it', async () => {
    const s = await rawSocket(server);
    const answer = closed(s);
    s.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('The request took too long to arrive.');
  }, 20_000);

  it('limits GET /progress per learner and per address (429 RATE_LIMITED with Retry-After)', async () => {
    const api = (p: string) => server.api(p);
    const a = await registerLearner(api, 'prog');
    const b = await registerLearner(api, 'prog');
    const progress = (token: string) => call(api('/progress'), { token });
    for (let i = 0; i < 3; i++) expect((await progress(a.access_token)).status).toBe(200);
    const over = await progress(a.access_token);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('RATE_LIMITED');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // the address's count holds the four of a (the refused one counts too): b gets one
    expect((await progress(b.access_token)).status).toBe(200);
    expect((await progress(b.access_token)).status).toBe(429);
  });

  it("the reset page's check of its link does not spend the address's resets", async () => {
    const api = (p: string) => server.api(p);
    const checks = [];
    for (let i = 0; i < 12; i++)
      checks.push((await call(api('/auth/reset-password/check'), { body: { token: `not-a-token-${i}` } })).status);
    expect(checks).toEqual(Array<number>(12).fill(400)); // RESET_TOKEN_INVALID, not 429 after ten
    const reset = await call(api('/auth/reset-password'), {
      body: { token: 'not-a-token', new_password: 'a-new-pass-123' },
    });
    expect(reset.body.error.code).toBe('RESET_TOKEN_INVALID');
  });

  it('a refresh whose successor cannot be stored does not spend the token', async () => {
    const api = (p: string) => server.api(p);
    const a = await registerLearner(api, 'rot');
    const refresh = () =>
      call(api('/auth/refresh'), {
        body: { refresh_token: a.refresh_token },
        headers: { 'x-forwarded-for': freshIp() },
      });
    const refused = await refusedWrites(server.database.db, { op: 'insert', table: 'refresh_tokens', when: 'true' });
    try {
      await refused.refuse();
      expect((await refresh()).status).toBe(500);
      await refused.allow();
      const again = await refresh();
      expect(again.status).toBe(200); // before: 401, the spent token's reuse revoked the session
      expect((await call(api('/auth/me'), { token: again.body.access_token })).status).toBe(200);
    } finally {
      await refused.remove();
    }
  });
});
