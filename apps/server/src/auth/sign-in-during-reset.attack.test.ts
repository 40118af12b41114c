import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { freshIp, registerLearner, type TestLearner } from '../test/learners';
import { resetTokenOf, waitForMail } from '../test/outbox';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';

/**
 * The attack review of 2026-11-28: sign-ins with the old password sent while the password was being
 * reset or changed answered 200 after the reset, and their sessions kept working (`/auth/me` 200,
 * refresh 200): someone signing in again and again with a stolen password kept the account through
 * the owner's reset. A sign-in now opens its session only while the password it checked is still
 * the account's; one opened before the new password is stored is signed out with the rest.
 */
describe.each(DB_KINDS)('sign-ins with the old password during a reset or change (%s)', (kind) => {
  let server: TestServer;
  const api = (p: string) => server.api(p);
  beforeAll(async () => {
    server = await startTestServer(kind, {
      RECOGNITION_WORKERS: '0',
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /**
   * Ten sign-ins with the old password, one every few milliseconds from their own addresses, with
   * `change` sent after the fifth; then every session they opened is tried.
   */
  async function signInsAround(learner: TestLearner, change: () => Promise<{ status: number }>) {
    const signIns: Promise<{ status: number; body: any }>[] = [];
    let changed: Promise<{ status: number }> | null = null;
    for (let i = 0; i < 10; i++) {
      signIns.push(
        call(api('/auth/login'), {
          body: { identifier: i % 2 ? learner.email : learner.username, password: learner.password },
          headers: { 'x-forwarded-for': freshIp() },
        }),
      );
      if (i === 4) changed = change();
      await new Promise((r) => setImmediate(r));
    }
    const answers = await Promise.all(signIns);
    expect((await changed!).status).toBe(200);
    const opened = answers.filter((a) => a.status === 200);
    // every sign-in either refused as a wrong password or signed out by the change
    for (const a of answers) expect([200, 401]).toContain(a.status);
    const after = await Promise.all(
      opened.map(async (a) => [
        (await call(api('/auth/me'), { token: a.body.access_token })).status,
        (await call(api('/auth/refresh'), { body: { refresh_token: a.body.refresh_token } })).status,
      ]),
    );
    expect(after.filter(([me, refresh]) => me === 200 || refresh === 200)).toEqual([]);
  }

  it('a reset signs out, or refuses, every sign-in with the old password', async () => {
    const learner = await registerLearner(api, 'rs');
    await call(api('/auth/forgot-password'), { body: { email: learner.email } });
    const token = resetTokenOf(await waitForMail(join(server.dataDir, 'outbox'), (m) => m.to === learner.email));
    await signInsAround(learner, () =>
      call(api('/auth/reset-password'), { body: { token, new_password: 'Heron-cactus-reset-1' } }),
    );
    // the new password signs in
    const fresh = await call(api('/auth/login'), {
      body: { identifier: learner.username, password: 'Heron-cactus-reset-1' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(fresh.status).toBe(200);
  });

  it('a change of password signs out, or refuses, every other sign-in with the old password', async () => {
    const learner = await registerLearner(api, 'cg');
    await signInsAround(learner, () =>
      call(api('/auth/change-password'), {
        token: learner.access_token,
        body: { current_password: learner.password, new_password: 'Heron-cactus-change-2' },
      }),
    );
    // the session that changed it stays signed in
    expect((await call(api('/auth/me'), { token: learner.access_token })).status).toBe(200);
  });
});
