import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema';
import { call } from '../test/http';
import { registerLearner } from '../test/learners';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';
import { hashToken } from './tokens';

/**
 * Issue 14 item 11: two tabs refreshing at once signed the learner out (200 and 401, then reuse
 * detection revoked the winner too). Within the grace window a just-rotated token answers the same
 * successor; after it, reuse still revokes the session.
 */
describe.each(DB_KINDS)('refresh grace window (%s)', (kind) => {
  let server: TestServer;
  const api = (p: string) => server.api(p);
  const refresh = (refresh_token: string) => call(api('/auth/refresh'), { body: { refresh_token } });
  const me = (token: string) => call(api('/auth/me'), { token });

  beforeAll(async () => {
    server = await startTestServer(kind, {
      RECOGNITION_WORKERS: '0',
      TRUST_PROXY: 'true',
      REFRESH_REUSE_GRACE_MS: '10000',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('two refreshes of one token at once both succeed with the same successor, and the session lives on', async () => {
    const a = await registerLearner(api, 'gr');
    const [r1, r2] = await Promise.all([refresh(a.refresh_token), refresh(a.refresh_token)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(r1.body.refresh_token).toBe(r2.body.refresh_token);
    expect(r1.body.refresh_token).not.toBe(a.refresh_token);
    expect(r1.headers.get('cache-control')).toContain('no-store');
    for (const r of [r1, r2]) expect((await me(r.body.access_token)).status).toBe(200);
    // The successor rotates as usual, and the session is still alive.
    const next = await refresh(r1.body.refresh_token);
    expect(next.status).toBe(200);
    expect((await me(next.body.access_token)).status).toBe(200);
  });

  it('five tabs at once, and a late tab within the window, all get the one successor', async () => {
    const a = await registerLearner(api, 'gr');
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(a.refresh_token)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.refresh_token)).size).toBe(1);
    const late = await refresh(a.refresh_token);
    expect(late.status).toBe(200);
    expect(late.body.refresh_token).toBe(answers[0]!.body.refresh_token);
  });

  it('reuse after the window is theft: 401 and the whole session is revoked', async () => {
    const a = await registerLearner(api, 'gr');
    const rotated = await refresh(a.refresh_token);
    expect(rotated.status).toBe(200);
    // The token was spent a minute ago: well past the window.
    await server.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.tokenHash, hashToken(a.refresh_token)));
    const replay = await refresh(a.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('REFRESH_TOKEN_INVALID');
    expect((await refresh(rotated.body.refresh_token)).status).toBe(401);
    expect((await me(rotated.body.access_token)).status).toBe(401);
  });

  it('within the window, a token whose successor was already spent is theft', async () => {
    const a = await registerLearner(api, 'gr');
    const r1 = await refresh(a.refresh_token);
    const r2 = await refresh(r1.body.refresh_token);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect((await refresh(a.refresh_token)).status).toBe(401);
    expect((await refresh(r2.body.refresh_token)).status).toBe(401);
    expect((await me(r2.body.access_token)).status).toBe(401);
  });

  it('within the window, a session signed out meanwhile gets nothing', async () => {
    const a = await registerLearner(api, 'gr');
    const rotated = await refresh(a.refresh_token);
    expect(rotated.status).toBe(200);
    expect((await call(api('/auth/logout'), { method: 'POST', token: rotated.body.access_token })).status).toBe(200);
    expect((await refresh(a.refresh_token)).status).toBe(401);
    expect((await refresh(rotated.body.refresh_token)).status).toBe(401);
  });

  it('stores no successor token in the clear', async () => {
    const a = await registerLearner(api, 'gr');
    const rotated = await refresh(a.refresh_token);
    const rows = await server.database.db.execute(sql`select * from refresh_tokens`);
    const dump = JSON.stringify((rows as unknown as { rows?: unknown[] }).rows ?? rows);
    expect(dump).not.toContain(rotated.body.refresh_token);
    expect(dump).not.toContain(a.refresh_token);
  });
});
