import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens, hashToken, newOpaqueToken } from './tokens';

const secret = 's'.repeat(48);

describe('AccessTokens', () => {
  it('round-trips claims', async () => {
    const t = new AccessTokens(secret);
    const jwt = await t.sign({ userId: 'u1', sessionId: 's1' });
    expect(await t.verify(jwt)).toEqual({ ok: true, claims: { userId: 'u1', sessionId: 's1' } });
  });
  it('reports expiry and tampering', async () => {
    const t = new AccessTokens(secret, 60);
    const old = await t.sign({ userId: 'u1', sessionId: 's1' }, Date.now() - 120_000);
    expect(await t.verify(old)).toEqual({ ok: false, reason: 'expired' });
    const other = await new AccessTokens('o'.repeat(48)).sign({ userId: 'u1', sessionId: 's1' });
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
