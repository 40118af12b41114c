import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens, hashToken, newOpaqueToken } from './tokens';

const secret = 's'.repeat(48);

describe('AccessTokens', () => {
  const user = '6f1c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f';
  const session = '0b7e6a1c-2d3e-4f50-9a8b-7c6d5e4f3a2b';
  it('round-trips claims', async () => {
    const t = new AccessTokens(secret);
    const jwt = await t.sign({ userId: user, sessionId: session });
    expect(await t.verify(jwt)).toEqual({ ok: true, claims: { userId: user, sessionId: session } });
  });
  it('refuses claims that are not ids (signed with the secret, not by the server): no database lookup of them', async () => {
    const t = new AccessTokens(secret);
    for (const [userId, sessionId] of [
      ['u1', session],
      [user, 's1'],
      [user, `${session}\u0000`],
    ] as const) {
      expect(await t.verify(await t.sign({ userId, sessionId }))).toEqual({ ok: false, reason: 'invalid' });
    }
  });
  it('reports expiry and tampering', async () => {
    const t = new AccessTokens(secret, 60);
    const old = await t.sign({ userId: user, sessionId: session }, Date.now() - 120_000);
    expect(await t.verify(old)).toEqual({ ok: false, reason: 'expired' });
    const other = await new AccessTokens('o'.repeat(48)).sign({ userId: user, sessionId: session });
    expect(await t.verify(other)).toEqual({ ok: false, reason: 'invalid' });
    expect(await t.verify('not.a.jwt')).toEqual({ ok: false, reason: 'invalid' });
    const none = await new SignJWT({}).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(secret));
    expect((await t.verify(none)).ok).toBe(false);
  });
});

describe('opaque tokens', () => {
  it('are random and hash stably', () => {
    const a = newOpaqueToken();
    expect(a).not.toBe(newOpaqueToken());
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).not.toContain(a);
  });
});
