import { randomBytes } from 'node:crypto';
import { CLOSE_CODES } from '@asl/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens';
import { passwordResets } from '../db/schema';
import { call } from '../test/http';
import { registerLearner, signIn, TEST_PASSWORD } from '../test/learners';
import { closedWithin, LiveTestClient } from '../test/live-client';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * Issue 14 item 10: a live socket outlived logout and revocation. Now a revoked sign-in session's
 * sockets are closed with 4001 and a coded reason, whatever revoked it; other sessions' stay open.
 */
describe('a revoked session’s live sockets are closed', () => {
  let server: TestServer;
  const api = (p: string) => server.api(p);

  beforeAll(async () => {
    // No grace window: a replayed refresh token counts as theft at once.
    server = await startTestServer('pglite', {
      RECOGNITION_WORKERS: '0',
      TRUST_PROXY: 'true',
      REFRESH_REUSE_GRACE_MS: '0',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const open = async (token: string) => {
    const c = await LiveTestClient.connect(server.wsUrl(token));
    await c.next((m) => m.type === 'connection_established');
    return c;
  };
  /** Still open and answering. */
  const answers = async (c: LiveTestClient) => {
    const t = Date.now();
    c.send({ type: 'ping', timestamp: t });
    const pong = await c.next((m) => m.type === 'pong' && m.data?.timestamp === t);
    return pong.type === 'pong';
  };
  const expectRevoked = async (c: LiveTestClient) => {
    const info = await closedWithin(c, 10_000);
    expect(info.code).toBe(CLOSE_CODES.sessionRevoked);
    expect(info.reason).toMatch(/^LIVE_SESSION_REVOKED: /);
  };

  it('logout closes that session’s sockets, not another session’s', async () => {
    const a = await registerLearner(api, 'rv');
    const other = await signIn(api, a);
    const s1 = await open(a.access_token);
    const s2 = await open(a.access_token);
    const kept = await open(other.access_token);
    expect((await call(api('/auth/logout'), { method: 'POST', token: a.access_token })).status).toBe(200);
    await expectRevoked(s1);
    await expectRevoked(s2);
    expect(await answers(kept)).toBe(true);
    kept.close();
  });

  it('a password change closes the other sessions’ sockets and keeps the changer’s', async () => {
    const a = await registerLearner(api, 'rv');
    const elsewhere = await signIn(api, a);
    const mine = await open(a.access_token);
    const theirs = await open(elsewhere.access_token);
    const changed = await call(api('/auth/change-password'), {
      token: a.access_token,
      body: { current_password: TEST_PASSWORD, new_password: 'Another-long-passphrase-7' },
    });
    expect(changed.status).toBe(200);
    await expectRevoked(theirs);
    expect(await answers(mine)).toBe(true);
    mine.close();
  });

  it('a password reset closes every socket of the account', async () => {
    const a = await registerLearner(api, 'rv');
    const elsewhere = await signIn(api, a);
    const s1 = await open(a.access_token);
    const s2 = await open(elsewhere.access_token);
    // The reset link's token, as the mail would carry it.
    const token = randomBytes(32).toString('base64url');
    await server.database.db
      .insert(passwordResets)
      .values({ userId: a.user_id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 600_000) });
    const reset = await call(api('/auth/reset-password'), {
      body: { token, new_password: 'Reset-long-passphrase-8' },
    });
    expect(reset.status).toBe(200);
    await expectRevoked(s1);
    await expectRevoked(s2);
  });

  it('refresh-token reuse (theft) closes the session’s sockets', async () => {
    const a = await registerLearner(api, 'rv');
    const rotated = await call(api('/auth/refresh'), { body: { refresh_token: a.refresh_token } });
    expect(rotated.status).toBe(200);
    const s = await open(rotated.body.access_token);
    const replay = await call(api('/auth/refresh'), { body: { refresh_token: a.refresh_token } });
    expect(replay.status).toBe(401);
    await expectRevoked(s);
  });

  it('a socket opened with the token of a session already revoked is refused', async () => {
    const a = await registerLearner(api, 'rv');
    expect((await call(api('/auth/logout'), { method: 'POST', token: a.access_token })).status).toBe(200);
    const c = await LiveTestClient.connect(server.wsUrl(a.access_token));
    const info = await c.closeInfo;
    expect(info.code).toBe(CLOSE_CODES.policyViolation);
  });
});
