import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { freshIp, registerLearner } from '../test/learners';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';

const tally = (answers: { status: number; body: any }[]) => {
  const t: Record<string, number> = {};
  for (const r of answers) {
    const k = `${r.status} ${r.body?.error?.code ?? 'ok'}`;
    t[k] = (t[k] ?? 0) + 1;
  }
  return t;
};

/**
 * A burst of password guesses sent at once: each used to pass the "failures so far" check before
 * any failure was recorded, so 20 concurrent guesses all reached the password check (a stolen
 * access token took the account over with a change of password; sign-in got 10 guesses where 5
 * lock the address out). Each guess now sees the ones before it.
 */
describe.each(DB_KINDS)('password guesses sent at once (%s)', (kind) => {
  let server: TestServer;
  const api = (p: string) => server.api(p);
  beforeAll(async () => {
    server = await startTestServer(kind, {
      RECOGNITION_WORKERS: '0',
      TRUST_PROXY: 'true',
      LOGIN_LOCKOUT_ATTEMPTS: '5',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a stolen access token gets 5 guesses at the current password, not 20, and none after them', async () => {
    const owner = await registerLearner(api, 'cp');
    const ip = freshIp();
    const change = (current_password: string) =>
      call(api('/auth/change-password'), {
        token: owner.access_token,
        headers: { 'x-forwarded-for': ip },
        body: { current_password, new_password: 'Attacker-chosen-77x' },
      });
    // 20 wrong guesses at once (which of them the server takes first is not fixed)
    const t = tally(await Promise.all(Array.from({ length: 20 }, (_, i) => change(`guess-${i}-zzz`))));
    expect(t).toEqual({ '400 WRONG_PASSWORD': 4, '401 PASSWORD_ATTEMPTS_EXCEEDED': 1, '401 TOKEN_INVALID': 15 });
    // the right one after them is too late: the session was ended, the password stays the owner's
    expect((await change(owner.password)).status).toBe(401);
    const attacker = await call(api('/auth/login'), {
      headers: { 'x-forwarded-for': freshIp() },
      body: { identifier: owner.username, password: 'Attacker-chosen-77x' },
    });
    expect(attacker.status).toBe(401);
    const back = await call(api('/auth/login'), {
      headers: { 'x-forwarded-for': freshIp() },
      body: { identifier: owner.username, password: owner.password },
    });
    expect(back.status).toBe(200);
  });

  it('sign-in: 20 wrong passwords at once from one address reach the check 5 times, then the address is locked out', async () => {
    const owner = await registerLearner(api, 'si');
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(api('/auth/login'), {
          headers: { 'x-forwarded-for': ip },
          body: { identifier: owner.username, password: `guess-${i}-zzz` },
        }),
      ),
    );
    const t = tally(answers);
    expect(t['401 INVALID_CREDENTIALS']).toBe(5);
    expect((t['423 ACCOUNT_LOCKED'] ?? 0) + (t['429 RATE_LIMITED'] ?? 0) + (t['429 LOGIN_RATE_LIMITED'] ?? 0)).toBe(15);
  });
});
