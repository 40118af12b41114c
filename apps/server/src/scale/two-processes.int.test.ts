import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '@asl/protocol';
import { call } from '../test/http';
import { registerLearner, signIn } from '../test/learners';
import { closedWithin, LiveTestClient } from '../test/live-client';
import { requireInCi, TEST_REDIS_URL } from '../test/redis';
import { buildServerBundle, spawnServer, type ServerProcess } from '../test/server-process';
import { freshPostgresDatabase, POSTGRES_URL } from '../test/test-server';

requireInCi({ TEST_DATABASE_URL: POSTGRES_URL, TEST_REDIS_URL });

const LOGIN_LIMIT = 6;
const MAX_SOCKETS = 2;

/** A fresh client address per scenario (the servers trust X-Forwarded-For), so rate-limit keys never collide between runs. */
const newIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

describe.runIf(POSTGRES_URL && TEST_REDIS_URL)('two server processes, one PostgreSQL, one Redis', () => {
  let p1: ServerProcess;
  let p2: ServerProcess;
  const suffix = Date.now().toString(36);
  const user = { username: `two_${suffix}`, email: `two.${suffix}@example.org`, password: 'signing-is-fun' };

  beforeAll(async () => {
    buildServerBundle();
    const env = {
      DATABASE_URL: await freshPostgresDatabase(),
      REDIS_URL: TEST_REDIS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_PER_MIN: String(LOGIN_LIMIT),
      LOGIN_LOCKOUT_ATTEMPTS: '3',
      RECOGNITION_WORKERS: '0',
      LIVE_MAX_SOCKETS_PER_USER: String(MAX_SOCKETS),
    };
    // Both start at once on an empty database: the advisory lock lets one migrate while the other waits.
    [p1, p2] = await Promise.all([spawnServer(env), spawnServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([p1?.stop(), p2?.stop()]);
  });

  it('both are ready, on different ports, with the database and Redis', async () => {
    expect(p1.port).not.toBe(p2.port);
    for (const p of [p1, p2]) {
      const ready = await call(p.api('/ready'));
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ database: 'ok', redis: 'ok' });
    }
  });

  it('signs in on one, refreshes on the other; a replayed old refresh token revokes the session on both', async () => {
    const ip = { 'x-forwarded-for': newIp() };
    expect((await call(p1.api('/auth/register'), { body: user, headers: ip })).status).toBe(201);
    const login = await call(p1.api('/auth/login'), {
      body: { identifier: user.username, password: user.password },
      headers: ip,
    });
    expect(login.status).toBe(200);
    const refreshed = await call(p2.api('/auth/refresh'), { body: { refresh_token: login.body.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(login.body.refresh_token);
    const me = await call(p1.api('/auth/me'), { token: refreshed.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe(user.username);

    // The successor is used in turn; the first token presented again on process 1 is a copy:
    // theft detection revokes the session...
    const again = await call(p1.api('/auth/refresh'), { body: { refresh_token: refreshed.body.refresh_token } });
    expect(again.status).toBe(200);
    const replay = await call(p1.api('/auth/refresh'), { body: { refresh_token: login.body.refresh_token } });
    expect(replay.status).toBe(401);
    // ...and its still-unexpired access token is refused by both processes at once.
    for (const p of [p1, p2]) {
      const refused = await call(p.api('/auth/me'), { token: again.body.access_token });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('TOKEN_INVALID');
    }
  });

  it('hits the login rate limit at the shared limit across both, with Retry-After', async () => {
    const headers = { 'x-forwarded-for': newIp() };
    // A learner of its own: sign-ins are also counted per identifier, and the others sign in later.
    const fresh = await registerLearner(p1.api, 'rl');
    const body = { identifier: fresh.username, password: fresh.password };
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      const res = await call((i % 2 ? p2 : p1).api('/auth/login'), { body, headers });
      expect(res.status, `attempt ${i + 1}`).toBe(200);
    }
    // Each process has seen only half the attempts; the shared counter says the limit is reached.
    for (const p of [p1, p2]) {
      const limited = await call(p.api('/auth/login'), { body, headers });
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('LOGIN_RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('locks an account after failures spread over both processes', async () => {
    const ip = { 'x-forwarded-for': newIp() };
    const other = { username: `lock_${suffix}`, email: `lock.${suffix}@example.org`, password: 'signing-is-fun' };
    expect((await call(p2.api('/auth/register'), { body: other, headers: ip })).status).toBe(201);
    const attempt = (p: ServerProcess, password: string) =>
      call(p.api('/auth/login'), { body: { identifier: other.email, password }, headers: ip });
    expect((await attempt(p1, 'wrong-one')).status).toBe(401);
    expect((await attempt(p2, 'wrong-two')).status).toBe(401);
    expect((await attempt(p1, 'wrong-three')).status).toBe(401);
    const locked = await attempt(p2, other.password);
    expect(locked.status).toBe(423);
    expect(locked.body.error.code).toBe('ACCOUNT_LOCKED');
  });

  it('two tabs refreshing one token at once on different processes both get the one successor', async () => {
    const a = await registerLearner(p1.api, 'two');
    const [r1, r2] = await Promise.all(
      [p1, p2].map((p) => call(p.api('/auth/refresh'), { body: { refresh_token: a.refresh_token } })),
    );
    expect([r1!.status, r2!.status]).toEqual([200, 200]);
    expect(r1!.body.refresh_token).toBe(r2!.body.refresh_token);
    const next = await call(p2.api('/auth/refresh'), { body: { refresh_token: r1!.body.refresh_token } });
    expect(next.status).toBe(200);
    expect((await call(p1.api('/auth/me'), { token: next.body.access_token })).status).toBe(200);
  });

  it('logout on one process closes the session’s live socket on the other', async () => {
    const a = await registerLearner(p1.api, 'two');
    const other = await signIn(p1.api, a);
    const s = await LiveTestClient.connect(p2.wsUrl(a.access_token));
    const kept = await LiveTestClient.connect(p2.wsUrl(other.access_token));
    await s.next((m) => m.type === 'connection_established');
    await kept.next((m) => m.type === 'connection_established');
    expect((await call(p1.api('/auth/logout'), { method: 'POST', token: a.access_token })).status).toBe(200);
    const info = await closedWithin(s, 10_000);
    expect(info.code).toBe(CLOSE_CODES.sessionRevoked);
    expect(info.reason).toMatch(/^LIVE_SESSION_REVOKED: /);
    kept.send({ type: 'ping', timestamp: 1 });
    expect((await kept.next((m) => m.type === 'pong')).type).toBe('pong');
    kept.close();
    await kept.closeInfo;
  });

  it('caps a learner’s live sockets across processes: one more on the other process closes the oldest', async () => {
    const a = await registerLearner(p1.api, 'two');
    const open = async (p: ServerProcess) => {
      const c = await LiveTestClient.connect(p.wsUrl(a.access_token));
      await c.next((m) => m.type === 'connection_established');
      return c;
    };
    const sockets = [await open(p1), await open(p1)];
    sockets.push(await open(p2));
    const info = await closedWithin(sockets[0]!, 10_000);
    expect(info.code).toBe(CLOSE_CODES.tooManySockets);
    expect(info.reason).toMatch(/^LIVE_TOO_MANY_SOCKETS: /);
    for (const c of sockets.slice(1)) {
      c.send({ type: 'ping', timestamp: 2 });
      expect((await c.next((m) => m.type === 'pong')).type).toBe('pong');
      c.close();
      await c.closeInfo;
    }
  });

  it('a learner whose process is killed goes on with the same story on the second process', async () => {
    const headers = { 'x-forwarded-for': newIp() };
    const login = await call(p2.api('/auth/login'), {
      body: { identifier: user.email, password: user.password },
      headers,
    });
    expect(login.status).toBe(200);
    const token = login.body.access_token;
    const stories = (await call(p1.api('/stories?level=1'), { token })).body.stories;

    const c1 = await LiveTestClient.connect(p1.wsUrl(token));
    c1.send({ type: 'control', action: 'start_session', data: { story_id: stories[0].id } });
    const started = await c1.next((m) => m.type === 'practice_session_response');
    const sessionId = started.data.session_id;
    c1.send({ type: 'control', action: 'next_sentence', data: {} });
    const moved = await c1.next((m) => m.type === 'control_response');
    expect(moved.data.state).toMatchObject({ session_id: sessionId, sentence_index: 1 });
    // Process 2 has no socket of its own but sees process 1's through the shared count.
    const seen = (await call(p2.api('/ready'))).body.live_connections;
    expect(seen.process).toBe(0);
    expect(seen.total).toBeGreaterThanOrEqual(1);

    // Process 1 dies without any chance to clean up; its socket drops.
    p1.proc.kill('SIGKILL');
    expect(await p1.exited).toBe('SIGKILL');
    const dropped = await c1.closeInfo;
    expect(dropped.code).toBe(1006);

    // The client reconnects elsewhere with its session and story (as the web app does). No letter
    // was attempted, so no row was ever written (a session is saved from its first attempt, see
    // resume-position.int.test.ts for resuming a saved one): the same story starts on process 2.
    const c2 = await LiveTestClient.connect(p2.wsUrl(token));
    c2.send({ type: 'control', action: 'start_session', data: { session_id: sessionId, story_id: stories[0].id } });
    const resumed = await c2.next((m) => m.type === 'practice_session_response');
    expect(resumed.data).toMatchObject({ story_id: stories[0].id, resumed: false, sentence_index: 0 });
    expect(resumed.data.session_id).not.toBe(sessionId);
    c2.close();
    await c2.closeInfo;
  });
});
