import { join } from 'node:path';
import { LOGIN_MESSAGES, REGISTRATION_MESSAGES } from '@asl/protocol';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema';
import { call } from '../../test/http';
import { resetTokenOf, waitForMail } from '../../test/outbox';
import { DB_KINDS, startTestServer, type TestServer } from '../../test/test-server';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

describe.each(DB_KINDS)('accounts (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_REGISTER_PER_MIN: '1000',
      RATE_LIMIT_FORGOT_PER_MIN: '1000',
      ADMIN_EMAILS: 'boss@example.org',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function register(overrides: Record<string, string> = {}) {
    const id = unique();
    const body = {
      username: `learner_${id}`,
      email: `Learner.${id}@Example.org `,
      password: 'signing-is-fun',
      ...overrides,
    };
    const res = await call(server.api('/auth/register'), { body });
    return { res, body, email: body.email.trim().toLowerCase() };
  }

  it('registers with trimmed username and lowercased email, as a learner', async () => {
    const { res, body } = await register({ username: `  spaced_${unique()}  ` });
    expect(res.status).toBe(201);
    expect(res.body.user.username).toBe(body.username.trim());
    expect(res.body.user.email).toBe(body.email.trim().toLowerCase());
    expect(res.body.user.roles).toEqual(['learner']);
    expect(res.body.user.permissions).toEqual(['create:content', 'read:own_data']);
    expect(res.body.access_token.split('.')).toHaveLength(3);
    expect(res.body.refresh_token.length).toBeGreaterThan(30);
  });

  it('gives configured admins install:plugins', async () => {
    const res = (await register({ email: 'boss@example.org' })).res;
    expect(res.body.user.roles).toContain('admin');
    expect(res.body.user.permissions).toContain('install:plugins');
  });

  it('refuses a taken email with 409 and the spec text, and a taken username', async () => {
    const first = await register();
    const again = await call(server.api('/auth/register'), { body: { ...first.body, username: `other_${unique()}` } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'EMAIL_TAKEN', message: REGISTRATION_MESSAGES[409] });
    const sameName = await call(server.api('/auth/register'), {
      body: { ...first.body, username: first.body.username.toUpperCase(), email: `x${unique()}@example.org` },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error.code).toBe('USERNAME_TAKEN');
  });

  it('names the field of a validation error', async () => {
    const res = await call(server.api('/auth/register'), {
      body: { username: 'ok_name', email: 'nope', password: 'longenough' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
    const short = await call(server.api('/auth/register'), {
      body: { username: 'ok_name', email: 'a@b.co', password: 'short' },
    });
    expect(short.body.error).toMatchObject({ field: 'password', message: 'Password must be at least 8 characters.' });
    const wrongType = await call(server.api('/auth/register'), {
      body: { username: 42, email: 'a@b.co', password: 'longenough' },
    });
    expect(wrongType.body.error.field).toBe('username');
  });

  it('signs in by email or username; wrong password and unknown account look the same', async () => {
    const { body, email } = await register();
    const byEmail = await call(server.api('/auth/login'), {
      body: { identifier: `  ${email.toUpperCase()} `, password: body.password },
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.user.email).toBe(email);
    const byName = await call(server.api('/auth/login'), {
      body: { identifier: body.username, password: body.password },
    });
    expect(byName.status).toBe(200);
    const wrong = await call(server.api('/auth/login'), { body: { identifier: email, password: 'not-it-at-all' } });
    const ghost = await call(server.api('/auth/login'), {
      body: { identifier: `ghost${unique()}@example.org`, password: 'whatever1' },
    });
    expect(wrong.status).toBe(401);
    expect(ghost.status).toBe(401);
    expect(wrong.body).toEqual(ghost.body);
    expect(wrong.body.error.message).toBe(LOGIN_MESSAGES[401]);
  });

  it('serves /auth/me with a bearer token and refuses without, expired or forged', async () => {
    const { res } = await register();
    const me = await call(server.api('/auth/me'), { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(res.body.user.id);
    expect((await call(server.api('/auth/me'))).body.error.code).toBe('UNAUTHENTICATED');
    const forged = `${res.body.access_token.slice(0, -4)}AAAA`;
    const bad = await call(server.api('/auth/me'), { token: forged });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('TOKEN_INVALID');
  });

  it('rotates refresh tokens and revokes the family when an old one is reused', async () => {
    const { res } = await register();
    const first = res.body.refresh_token as string;
    const r1 = await call(server.api('/auth/refresh'), { body: { refresh_token: first } });
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(first);
    const r2 = await call(server.api('/auth/refresh'), { body: { refresh_token: r1.body.refresh_token } });
    expect(r2.status).toBe(200);
    // The thief replays the first token: the whole session dies, including the newest tokens.
    const replay = await call(server.api('/auth/refresh'), { body: { refresh_token: first } });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('REFRESH_TOKEN_INVALID');
    expect((await call(server.api('/auth/refresh'), { body: { refresh_token: r2.body.refresh_token } })).status).toBe(
      401,
    );
    expect((await call(server.api('/auth/me'), { token: r2.body.access_token })).status).toBe(401);
    expect((await call(server.api('/auth/refresh'), { body: { refresh_token: 'made-up' } })).status).toBe(401);
  });

  it('logout revokes the session', async () => {
    const { res } = await register();
    const out = await call(server.api('/auth/logout'), { method: 'POST', token: res.body.access_token });
    expect(out.status).toBe(200);
    expect((await call(server.api('/auth/me'), { token: res.body.access_token })).status).toBe(401);
    expect((await call(server.api('/auth/refresh'), { body: { refresh_token: res.body.refresh_token } })).status).toBe(
      401,
    );
  });

  it('updates the profile', async () => {
    const { res } = await register();
    const up = await call(server.api('/auth/profile'), {
      method: 'PUT',
      token: res.body.access_token,
      body: { firstName: ' Ada ', lastName: 'Signer' },
    });
    expect(up.status).toBe(200);
    expect(up.body.user).toMatchObject({ firstName: 'Ada', lastName: 'Signer' });
    expect((await call(server.api('/auth/me'), { token: res.body.access_token })).body.user.firstName).toBe('Ada');
  });

  it('changes the password and revokes the other sessions', async () => {
    const { res, body } = await register();
    const other = await call(server.api('/auth/login'), {
      body: { identifier: body.username, password: body.password },
    });
    const wrong = await call(server.api('/auth/change-password'), {
      token: res.body.access_token,
      body: { current_password: 'nope-nope', new_password: 'a-new-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'WRONG_PASSWORD', field: 'current_password' });
    // the password in use as the new one: refused, and no other device signed out for nothing
    const same = await call(server.api('/auth/change-password'), {
      token: res.body.access_token,
      body: { current_password: body.password, new_password: body.password },
    });
    expect(same.status).toBe(400);
    expect(same.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'new_password',
      message: 'Choose a new password, not the one you have now.',
    });
    expect((await call(server.api('/auth/me'), { token: other.body.access_token })).status).toBe(200);
    const ok = await call(server.api('/auth/change-password'), {
      token: res.body.access_token,
      body: { current_password: body.password, new_password: 'a-new-password' },
    });
    expect(ok.status).toBe(200);
    expect((await call(server.api('/auth/me'), { token: res.body.access_token })).status).toBe(200);
    expect((await call(server.api('/auth/me'), { token: other.body.access_token })).status).toBe(401);
    const relog = await call(server.api('/auth/login'), {
      body: { identifier: body.username, password: 'a-new-password' },
    });
    expect(relog.status).toBe(200);
  });

  it('resets a password through the outbox with a single-use token that expires', async () => {
    const { body, email } = await register();
    const ghost = await call(server.api('/auth/forgot-password'), { body: { email: `nobody${unique()}@example.org` } });
    expect(ghost.status).toBe(200);
    const res = await call(server.api('/auth/forgot-password'), { body: { email: ` ${email.toUpperCase()}` } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ghost.body);
    const outbox = join(server.dataDir, 'outbox');
    const mail = await waitForMail(outbox, (m) => m.to === email);
    // the product's name, not "ASL practice" (the learner review of 2026-11-28, second round)
    expect(JSON.stringify(mail)).toContain('your SignSpeak account');
    const token = resetTokenOf(mail);
    // the page checks the link as it opens: usable now, spent by nothing
    const check = (t: string) => call(server.api('/auth/reset-password/check'), { body: { token: t } });
    expect((await check(token)).status).toBe(200);
    expect((await check('not-a-token')).body.error.code).toBe('RESET_TOKEN_INVALID');
    const reset = await call(server.api('/auth/reset-password'), { body: { token, new_password: 'brand-new-pass' } });
    expect(reset.status).toBe(200);
    expect((await check(token)).status).toBe(400); // used
    const again = await call(server.api('/auth/reset-password'), { body: { token, new_password: 'another-pass' } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('RESET_TOKEN_INVALID');
    expect(
      (await call(server.api('/auth/login'), { body: { identifier: email, password: body.password } })).status,
    ).toBe(401);
    expect(
      (await call(server.api('/auth/login'), { body: { identifier: email, password: 'brand-new-pass' } })).status,
    ).toBe(200);

    // An expired token is refused.
    await call(server.api('/auth/forgot-password'), { body: { email } });
    const mail2 = await waitForMail(outbox, (m) => m.to === email && m.file !== mail.file);
    const token2 = resetTokenOf(mail2);
    await server.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(isNull(passwordResets.usedAt));
    const expired = await call(server.api('/auth/reset-password'), {
      body: { token: token2, new_password: 'too-late-pass' },
    });
    expect(expired.status).toBe(400);
  });

  it('locks an account after 5 failures within 15 minutes, even for the right password', async () => {
    const { body, email } = await register();
    for (let i = 0; i < 5; i++) {
      const r = await call(server.api('/auth/login'), { body: { identifier: email, password: `wrong-${i}-pass` } });
      expect(r.status).toBe(401);
    }
    const locked = await call(server.api('/auth/login'), { body: { identifier: email, password: body.password } });
    expect(locked.status).toBe(423);
    expect(locked.body.error.code).toBe('ACCOUNT_LOCKED');
  });

  it('a sign-in that works starts every identifier of the account again: failures by username do not lock after one by email', async () => {
    const { body, email } = await register();
    const login = (identifier: string, password: string) =>
      call(server.api('/auth/login'), { body: { identifier, password } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(body.username, `wrong-${i}-pass`)).status);
    statuses.push((await login(email, body.password)).status);
    for (let i = 0; i < 4; i++) statuses.push((await login(body.username, `wrong-again-${i}`)).status);
    // before: the username's four failures stayed, and the sixth try of it answered 423
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401]);
    expect((await login(body.username, body.password)).status).toBe(200);
  });
});

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { RATE_LIMIT_LOGIN_PER_MIN: '3', RATE_LIMIT_REGISTER_PER_MIN: '2' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 429 with Retry-After and the spec text on login', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await call(server.api('/auth/login'), {
        body: { identifier: `rate${i}@example.org`, password: 'whatever1' },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last!.body.error).toMatchObject({ code: 'LOGIN_RATE_LIMITED', message: LOGIN_MESSAGES[429] });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits registration per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(server.api('/auth/register'), {
        body: { username: `rl_${i}_${unique()}`, email: `rl${i}${unique()}@e.org`, password: 'signing-is-fun' },
      });
      codes.push(r.status);
    }
    expect(codes).toEqual([201, 201, 429]);
  });
});
