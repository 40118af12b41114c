import { request as httpRequest } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/http';
import { readOutbox, resetTokenOf, waitForMail } from '../../test/outbox';
import { requireInCi, TEST_REDIS_URL } from '../../test/redis';
import { startTestServer, type TestServer } from '../../test/test-server';

/**
 * Issue 14 items 3, 4, 5, 8, 9 and 12 (token answers, forgot-password timing): the attacks on
 * sign-in, password reset and change-password, replayed against the real server. The server
 * trusts X-Forwarded-For here so that one test can speak from many client addresses.
 */
let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function register(server: TestServer, ip = '10.9.9.9') {
  const id = unique();
  const body = { username: `atk_${id}`, email: `atk.${id}@example.org`, password: 'the-real-password' };
  const res = await call(server.api('/auth/register'), { body, headers: from(ip) });
  expect(res.status).toBe(201);
  return { ...body, access: res.body.access_token as string, refresh: res.body.refresh_token as string };
}

const login = (server: TestServer, identifier: string, password: string, ip: string) =>
  call(server.api('/auth/login'), { body: { identifier, password }, headers: from(ip) });

/** A POST with a forged Host header (fetch will not send one). */
function postWithHost(url: string, host: string, body: unknown, extra: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { host, 'content-type': 'application/json', ...extra } });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('sign-in and password reset under attack', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      RECOGNITION_WORKERS: '0',
      TRUST_PROXY: 'true',
      RATE_LIMIT_REGISTER_PER_MIN: '1000',
      RATE_LIMIT_LOGIN_PER_MIN: '10',
      RATE_LIMIT_FORGOT_PER_MIN: '5',
      RATE_LIMIT_REFRESH_PER_MIN: '4',
      RATE_LIMIT_RESET_PER_MIN: '4',
      LOGIN_LOCKOUT_ATTEMPTS: '5',
      LOGIN_BACKOFF_ATTEMPTS: '1000',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const outbox = () => join(server.dataDir, 'outbox');

  it('item 3: a reset link never follows the Host header: it points at the server itself', async () => {
    const owner = await register(server);
    expect(await postWithHost(server.api('/auth/forgot-password'), 'evil.example', { email: owner.email })).toBe(200);
    const mail = await waitForMail(outbox(), (m) => m.to === owner.email);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain(`${server.url}/reset-password?token=`);
    // Nor X-Forwarded-Host, which a trusted proxy would pass on.
    const other = await register(server);
    const status = await postWithHost(
      server.api('/auth/forgot-password'),
      `127.0.0.1:${server.port}`,
      { email: other.email },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.3.3.3' },
    );
    expect(status).toBe(200);
    const mail2 = await waitForMail(outbox(), (m) => m.to === other.email);
    expect(mail2.text).toContain(`${server.url}/reset-password?token=`);
  });

  it('item 4: 30 reset requests for one address from 30 client addresses are limited per address', async () => {
    const owner = await register(server);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 30; i++) {
      last = await call(server.api('/auth/forgot-password'), {
        body: { email: owner.email },
        headers: from(`10.4.0.${i + 1}`),
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual(Array(25).fill(429));
    expect(last!.body.error.code).toBe('RATE_LIMITED');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Five mails were sent, not thirty.
    const mails = () => readOutbox(outbox()).then((all) => all.filter((m) => m.to === owner.email));
    await expect.poll(async () => (await mails()).length).toBe(5);
  });

  it('item 4: 25 sign-ins on one identifier from 25 client addresses are limited per identifier', async () => {
    const owner = await register(server);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 25; i++) {
      last = await login(server, owner.username, `guess-${i}-password`, `10.5.0.${i + 1}`);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(15).fill(429));
    expect(last!.body.error.code).toBe('LOGIN_RATE_LIMITED');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('item 5: failures from one address lock that address out, not the owner elsewhere', async () => {
    const owner = await register(server);
    for (let i = 0; i < 5; i++) {
      expect((await login(server, owner.username, `wrong-${i}-password`, '10.6.0.66')).status).toBe(401);
    }
    const attacker = await login(server, owner.username, owner.password, '10.6.0.66');
    expect(attacker.status).toBe(423);
    expect(attacker.body.error.code).toBe('ACCOUNT_LOCKED');
    const ownerAtHome = await login(server, owner.username, owner.password, '10.6.0.1');
    expect(ownerAtHome.status).toBe(200);
  });

  it('item 5: a real and an unknown identifier are answered exactly alike, lockout included', async () => {
    const real = await register(server);
    const ghost = { username: `ghost_${unique()}`, email: `ghost.${unique()}@example.org` };
    const replay = async (who: { username: string; email: string }, ip: string) => {
      const answers = [];
      // Three tries by username and three by email, then five more on the email.
      for (const identifier of [who.username, who.username, who.username, who.email, who.email, who.email]) {
        answers.push(await login(server, identifier, 'not-the-password', ip));
      }
      for (let i = 0; i < 3; i++) answers.push(await login(server, who.email, 'not-the-password', ip));
      return answers.map((a) => ({ status: a.status, body: a.body }));
    };
    const forReal = await replay(real, '10.7.0.1');
    const forGhost = await replay(ghost, '10.7.0.2');
    expect(forReal).toEqual(forGhost);
    expect(forReal.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 423]);
  });

  it('item 8: the fifth wrong current password ends the session', async () => {
    const owner = await register(server);
    const wrong = () =>
      call(server.api('/auth/change-password'), {
        token: owner.access,
        body: { current_password: 'a-wrong-guess', new_password: 'attacker-chosen-1' },
        headers: from('10.8.0.1'),
      });
    for (let i = 0; i < 4; i++) expect((await wrong()).body.error.code).toBe('WRONG_PASSWORD');
    const fifth = await wrong();
    expect(fifth.status).toBe(401);
    expect(fifth.body.error.code).toBe('PASSWORD_ATTEMPTS_EXCEEDED');
    // The session is over: the right password no longer works with that token, nor does a refresh.
    const right = await call(server.api('/auth/change-password'), {
      token: owner.access,
      body: { current_password: owner.password, new_password: 'attacker-chosen-1' },
    });
    expect(right.status).toBe(401);
    expect((await call(server.api('/auth/me'), { token: owner.access })).status).toBe(401);
    expect(
      (await call(server.api('/auth/refresh'), { body: { refresh_token: owner.refresh }, headers: from('10.8.0.2') }))
        .status,
    ).toBe(401);
    expect((await login(server, owner.username, owner.password, '10.8.0.3')).status).toBe(200);
  });

  it('item 8: change-password attempts per learner are rate limited like sign-in', async () => {
    // The limit counts every attempt, right or wrong; a burst is refused before it is checked.
    const owner = await register(server);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(server.api('/auth/change-password'), {
          token: owner.access,
          body: { current_password: owner.password, new_password: `${owner.password}-${i}` },
        }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    // ten reach the password checks (the first changes it, the others then hold a stale one)
    expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(burst.find((r) => r.status === 429)!.body.error.code).toBe('LOGIN_RATE_LIMITED');
  });

  it('item 8: refresh and reset-password are rate limited per client address', async () => {
    const refreshes = [];
    for (let i = 0; i < 5; i++) {
      refreshes.push(
        (
          await call(server.api('/auth/refresh'), {
            body: { refresh_token: `made-up-${i}` },
            headers: from('10.8.1.1'),
          })
        ).status,
      );
    }
    expect(refreshes).toEqual([401, 401, 401, 401, 429]);
    const resets = [];
    for (let i = 0; i < 5; i++) {
      resets.push(
        (
          await call(server.api('/auth/reset-password'), {
            body: { token: `made-up-${i}`, new_password: 'whatever-pass' },
            headers: from('10.8.1.2'),
          })
        ).status,
      );
    }
    expect(resets).toEqual([400, 400, 400, 400, 429]);
  });

  it('item 9: a reset voids every other outstanding reset token of the account', async () => {
    const owner = await register(server);
    const ask = (ip: string) =>
      call(server.api('/auth/forgot-password'), { body: { email: owner.email }, headers: from(ip) });
    await ask('10.9.0.1');
    const first = await waitForMail(outbox(), (m) => m.to === owner.email);
    await ask('10.9.0.2');
    const second = await waitForMail(outbox(), (m) => m.to === owner.email && m.file !== first.file);
    const reset = (token: string, ip: string) =>
      call(server.api('/auth/reset-password'), { body: { token, new_password: 'fresh-password' }, headers: from(ip) });
    expect((await reset(resetTokenOf(second), '10.9.0.3')).status).toBe(200);
    const stale = await reset(resetTokenOf(first), '10.9.0.4');
    expect(stale.status).toBe(400);
    expect(stale.body.error.code).toBe('RESET_TOKEN_INVALID');
  });

  it("a reset refuses the account's own username or email as the new password, and the link still works after", async () => {
    const owner = await register(server);
    await call(server.api('/auth/forgot-password'), { body: { email: owner.email }, headers: from('10.9.2.1') });
    const token = resetTokenOf(await waitForMail(outbox(), (m) => m.to === owner.email));
    for (const [i, personal] of [owner.username, owner.email].entries()) {
      const res = await call(server.api('/auth/reset-password'), {
        body: { token, new_password: personal },
        headers: from(`10.9.2.${2 + i}`),
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'new_password' });
    }
    const ok = await call(server.api('/auth/reset-password'), {
      body: { token, new_password: 'a-fresh-password-91' },
      headers: from('10.9.2.5'),
    });
    expect(ok.status).toBe(200);
    expect((await login(server, owner.username, owner.username, '10.9.2.6')).status).toBe(401);
    expect((await login(server, owner.username, 'a-fresh-password-91', '10.9.2.7')).status).toBe(200);
  });

  it('item 9: a password change voids outstanding reset tokens too', async () => {
    const owner = await register(server);
    await call(server.api('/auth/forgot-password'), { body: { email: owner.email }, headers: from('10.9.1.1') });
    const mail = await waitForMail(outbox(), (m) => m.to === owner.email);
    const changed = await call(server.api('/auth/change-password'), {
      token: owner.access,
      body: { current_password: owner.password, new_password: 'changed-password' },
    });
    expect(changed.status).toBe(200);
    const stale = await call(server.api('/auth/reset-password'), {
      body: { token: resetTokenOf(mail), new_password: 'attacker-password' },
      headers: from('10.9.1.2'),
    });
    expect(stale.body.error?.code).toBe('RESET_TOKEN_INVALID');
  });

  it('item 12: token answers (register, login, refresh) are never cached', async () => {
    const id = unique();
    const body = { username: `cache_${id}`, email: `cache.${id}@example.org`, password: 'the-real-password' };
    const reg = await call(server.api('/auth/register'), { body, headers: from('10.12.0.1') });
    expect(reg.headers.get('cache-control')).toBe('no-store');
    const signedIn = await login(server, body.email, body.password, '10.12.0.1');
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const refreshed = await call(server.api('/auth/refresh'), {
      body: { refresh_token: signedIn.body.refresh_token },
      headers: from('10.12.0.2'),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
  });
});

describe('sign-in back-off across addresses (item 5)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      RECOGNITION_WORKERS: '0',
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      LOGIN_BACKOFF_ATTEMPTS: '6',
      LOGIN_BACKOFF_SECONDS: '30',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('slows an identifier guessed from many addresses to one try per back-off, never a 423 elsewhere', async () => {
    const owner = await register(server);
    for (let i = 0; i < 6; i++) {
      expect((await login(server, owner.email, 'a-wrong-guess', `10.50.0.${i + 1}`)).status).toBe(401);
    }
    const slowed = await login(server, owner.email, owner.password, '10.50.1.1');
    expect(slowed.status).toBe(429);
    expect(slowed.body.error.code).toBe('LOGIN_RATE_LIMITED');
    expect(Number(slowed.headers.get('retry-after'))).toBe(30);
    // An unknown identifier guessed the same way is answered the same way.
    const ghost = `ghost.${unique()}@example.org`;
    for (let i = 0; i < 6; i++) await login(server, ghost, 'a-wrong-guess', `10.51.0.${i + 1}`);
    const ghostSlowed = await login(server, ghost, 'a-wrong-guess', '10.51.1.1');
    expect({ status: ghostSlowed.status, body: ghostSlowed.body }).toEqual({
      status: slowed.status,
      body: slowed.body,
    });
  });
});

requireInCi({ TEST_REDIS_URL });

describe.runIf(TEST_REDIS_URL)('every limit counts with the counters in Redis (item 4, TEST_REDIS_URL)', () => {
  let servers: TestServer[] = [];
  beforeAll(async () => {
    // Two servers (each with its own counters in memory) sharing one Redis: the attacker spreads over both.
    const env = {
      TRUST_PROXY: 'true',
      REDIS_URL: TEST_REDIS_URL,
      RATE_LIMIT_LOGIN_PER_MIN: '10',
      RECOGNITION_WORKERS: '0',
    };
    servers = [await startTestServer('pglite', env), await startTestServer('pglite', env)];
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
  });

  it('25 sign-ins on one identifier from 25 client addresses are limited per identifier', async () => {
    const owner = await register(servers[0]!);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const server = servers[i % servers.length]!;
      statuses.push((await login(server, owner.username, `guess-${i}-password`, `10.60.0.${i + 1}`)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(15).fill(429));
  });
});

/** A mail server that accepts connections and never says hello: sending a mail hangs. */
async function silentSmtp(): Promise<{ port: number; connected: Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let onConnect!: () => void;
  const connected = new Promise<void>((r) => (onConnect = r));
  const smtp: Server = createServer((s) => {
    sockets.add(s);
    onConnect();
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.address() as { port: number }).port;
  return {
    port,
    connected,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => smtp.close(() => r()));
    },
  };
}

describe('forgot-password answers at once, account or not (item 12)', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof silentSmtp>>;
  beforeAll(async () => {
    smtp = await silentSmtp();
    server = await startTestServer('pglite', { RECOGNITION_WORKERS: '0', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await smtp?.close();
    await server?.stop();
  });

  it('answers before the mail is sent: a stalled mail server does not hold the answer', async () => {
    const owner = await register(server);
    const known = await call(server.api('/auth/forgot-password'), { body: { email: owner.email } });
    const unknown = await call(server.api('/auth/forgot-password'), {
      body: { email: `nobody.${unique()}@example.org` },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // The mail to the real account is still being sent, off the request path.
    await smtp.connected;
  });
});
