import { ERROR_CODES } from '@asl/protocol';
import { PASSWORD_PROBLEM_MESSAGES } from '@asl/protocol/password-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/http';
import { resetTokenOf, waitForMail } from '../../test/outbox';
import { startTestServer, type TestServer } from '../../test/test-server';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/** Issue 17 item 7: common and trivial passwords, and the account's own name, are refused (NIST 800-63B). */
describe('new passwords are checked against the blocklist', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { RATE_LIMIT_REGISTER_PER_MIN: '1000', RATE_LIMIT_LOGIN_PER_MIN: '1000' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const learner = () => {
    const id = unique();
    return { username: `robin_${id}`, email: `robin.${id}@example.org`, password: 'signing-is-fun' };
  };

  it('refuses password, 12345678, eight spaces and the username at registration, naming the field', async () => {
    const base = learner();
    const cases: [string, string][] = [
      ['password', ERROR_CODES.PASSWORD_TOO_COMMON.message],
      ['12345678', PASSWORD_PROBLEM_MESSAGES.trivial],
      ['        ', PASSWORD_PROBLEM_MESSAGES.trivial],
      [base.username, PASSWORD_PROBLEM_MESSAGES.personal],
      ['Sunshine2024!', ERROR_CODES.PASSWORD_TOO_COMMON.message],
    ];
    for (const [password, message] of cases) {
      const res = await call(server.api('/auth/register'), { body: { ...base, password } });
      expect(res.status, password).toBe(400);
      expect(res.body.error, password).toEqual({ code: 'PASSWORD_TOO_COMMON', message, field: 'password' });
    }
    expect((await call(server.api('/auth/register'), { body: base })).status).toBe(201);
  });

  it('refuses a common new password when changing it, and the email as a password', async () => {
    const me = learner();
    const token = (await call(server.api('/auth/register'), { body: me })).body.access_token as string;
    for (const next of ['iloveyou', me.email]) {
      const res = await call(server.api('/auth/change-password'), {
        token,
        body: { current_password: me.password, new_password: next },
      });
      expect(res.status, next).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'new_password' });
    }
    const ok = await call(server.api('/auth/change-password'), {
      token,
      body: { current_password: me.password, new_password: 'otters hold hands' },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a common password on reset without spending the link', async () => {
    const me = learner();
    expect((await call(server.api('/auth/register'), { body: me })).status).toBe(201);
    await call(server.api('/auth/forgot-password'), { body: { email: me.email } });
    const mail = await waitForMail(`${server.dataDir}/outbox`, (m) => m.to === me.email);
    const token = resetTokenOf(mail);
    const common = await call(server.api('/auth/reset-password'), { body: { token, new_password: 'qwertyuiop' } });
    expect(common.status).toBe(400);
    expect(common.body.error).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'new_password' });
    const ok = await call(server.api('/auth/reset-password'), { body: { token, new_password: 'otters hold hands' } });
    expect(ok.status).toBe(200);
  });
});
