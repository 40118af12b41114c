import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { freshIp, TEST_PASSWORD } from '../test/learners';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';

/**
 * The attack review of 2026-11-28 (second): every sign-in counted against the identifier's limit
 * (20 a minute), the tries an address was already locked out of (423) too. Twenty wrong tries on the
 * username from one address and twenty on the email from another, each minute, kept the owner out
 * with the right password on both for as long as they went on (39 of 40 refused in 2 minutes).
 * Now tries refused by the lockout do not count, and the owner's own browser (its device token,
 * given at sign-in) is counted as itself: neither the identifier's limit nor its back-off, which
 * enough addresses can keep up, hold it back.
 */
describe.each(DB_KINDS)('a sign-in starved by guesses elsewhere (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { RECOGNITION_WORKERS: '0', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const login = (body: Record<string, string>, ip: string) =>
    call(server.api('/auth/login'), { body, headers: { 'x-forwarded-for': ip } });
  /** `n` wrong tries on the identifier at once, from one address. */
  const guesses = (identifier: string, ip: string, n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => login({ identifier, password: `wrong-guess-${i}` }, ip)));

  async function owner() {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const body = { username: `own_${id}`, email: `own.${id}@example.org`, password: TEST_PASSWORD };
    const res = await call(server.api('/auth/register'), { body, headers: { 'x-forwarded-for': freshIp() } });
    expect(res.status).toBe(201);
    return { ...body, device_token: res.body.device_token as string, access_token: res.body.access_token as string };
  }

  it("tries an address is locked out of do not use up the identifier's", async () => {
    const o = await owner();
    const [a, b] = await Promise.all([guesses(o.username, freshIp(), 20), guesses(o.email, freshIp(), 20)]);
    for (const burst of [a, b]) {
      expect(burst.filter((r) => r.status === 401)).toHaveLength(5);
      expect(burst.filter((r) => r.status === 423)).toHaveLength(15);
    }
    // the owner, on a browser that never signed in (no device token), elsewhere: both identifiers
    for (const identifier of [o.username, o.email]) {
      const res = await login({ identifier, password: o.password }, freshIp());
      expect(res.status).toBe(200);
    }
  });

  it("the owner's own browser signs in while many addresses keep the identifier backing off", async () => {
    const o = await owner();
    // 4 addresses x 5 wrong tries: 20 failures, the identifier backs off for every new device
    for (let i = 0; i < 4; i++) await guesses(o.username, freshIp(), 5);
    const stranger = await login({ identifier: o.username, password: o.password }, freshIp());
    expect(stranger.status).toBe(429);
    expect(stranger.body.error.code).toBe('LOGIN_RATE_LIMITED');
    // the browser registered on: signed in, and keeps its token
    const own = await login({ identifier: o.username, password: o.password, device_token: o.device_token }, freshIp());
    expect(own.status).toBe(200);
    expect(own.body.device_token).toBe(o.device_token);
    // a token of another account, or a made-up one, is no device of this account
    const other = await owner();
    for (const device_token of [other.device_token, `${'A'.repeat(16)}.${'B'.repeat(43)}`]) {
      const res = await login({ identifier: o.username, password: o.password, device_token }, freshIp());
      expect(res.status).toBe(429);
    }
  });

  it('a known device is locked out by its own failures, and nobody else by them', async () => {
    const o = await owner();
    const ip = freshIp();
    const tries = [];
    for (let i = 0; i < 6; i++)
      tries.push(
        (await login({ identifier: o.username, password: `wrong-${i}`, device_token: o.device_token }, ip)).status,
      );
    expect(tries).toEqual([401, 401, 401, 401, 401, 423]);
    const right = await login({ identifier: o.username, password: o.password, device_token: o.device_token }, ip);
    expect(right.status).toBe(423);
    // the same address without the token is another try-er, and so is the owner elsewhere
    const fresh = await login({ identifier: o.username, password: o.password }, ip);
    expect(fresh.status).toBe(200);
    expect(fresh.body.device_token).toMatch(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    expect(fresh.body.device_token).not.toBe(o.device_token);
  });

  // The re-check of 2026-11-28: someone who once had the password signed in 30 times for 30 tokens;
  // after the owner changed it, each token was a counter of its own outside the back-off, and 299
  // guesses reached the password check in 5 s. A token now dies with the password.
  it("a new password voids the account's device tokens, and ends a device's lockout", async () => {
    const o = await owner();
    const gathered = [o.device_token];
    for (let i = 0; i < 3; i++)
      gathered.push((await login({ identifier: o.email, password: o.password }, freshIp())).body.device_token);
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      await login({ identifier: o.email, password: `wrong-${i}`, device_token: o.device_token }, ip);
    expect((await login({ identifier: o.email, password: o.password, device_token: o.device_token }, ip)).status).toBe(
      423,
    );
    // the owner changes the password (signed in elsewhere)
    const next = 'a-new-password-for-this-test';
    const changed = await call(server.api('/auth/change-password'), {
      token: o.access_token,
      body: { current_password: o.password, new_password: next },
    });
    expect(changed.status).toBe(200);
    // the owner's browser, with the new password: signed in (no longer locked), with a new token
    const own = await login({ identifier: o.email, password: next, device_token: o.device_token }, ip);
    expect(own.status).toBe(200);
    expect(own.body.device_token).not.toBe(o.device_token);
    // guesses from 4 addresses: the identifier backs off, and the old tokens are no way round it
    for (let i = 0; i < 4; i++) await guesses(o.email, freshIp(), 5);
    for (const device_token of gathered) {
      const res = await login({ identifier: o.email, password: 'another-guess', device_token }, freshIp());
      expect(res.status).toBe(429);
    }
    // the new one is
    const again = await login({ identifier: o.email, password: next, device_token: own.body.device_token }, freshIp());
    expect(again.status).toBe(200);
  });

  it('refuses a device token that is not text, or too long, with a coded error', async () => {
    const o = await owner();
    for (const device_token of [42, 'x'.repeat(129)]) {
      const res = await call(server.api('/auth/login'), {
        body: { identifier: o.username, password: o.password, device_token },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});
