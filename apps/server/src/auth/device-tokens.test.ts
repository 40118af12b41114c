import { describe, expect, it } from 'vitest';
import { DeviceTokens } from './device-tokens';

const ada = { id: 'user-a', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$salt-a$hash-a' };
const bea = { id: 'user-b', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$salt-b$hash-b' };

describe('DeviceTokens', () => {
  const tokens = new DeviceTokens('a-secret-of-at-least-thirty-two-characters');
  it("names the device for the account it was issued for, and nothing for another account's", () => {
    const t = tokens.issue(ada);
    const device = tokens.deviceOf(t, ada);
    expect(device).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(t.startsWith(`${device}.`)).toBe(true);
    expect(tokens.deviceOf(t, bea)).toBeNull();
    // each sign-in on a new device is another device
    expect(tokens.deviceOf(tokens.issue(ada), ada)).not.toBe(device);
  });
  it('refuses a changed, made-up or malformed token, and one made with another secret', () => {
    const t = tokens.issue(ada);
    const [device, mac] = t.split('.') as [string, string];
    const flipped = `${device}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [flipped, `${'x'.repeat(16)}.${mac}`, '', 'abc', `${t}.x`, undefined])
      expect(tokens.deviceOf(bad, ada)).toBeNull();
    expect(new DeviceTokens('another-secret-of-thirty-two-characters!').deviceOf(t, ada)).toBeNull();
    // the same MAC spelled another way (the last character's two spare bits) is not a token
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const otherLast = alphabet[alphabet.indexOf(mac.at(-1)!) ^ 1]!;
    const respelled = `${mac.slice(0, -1)}${otherLast}`;
    expect(Buffer.from(respelled, 'base64url').equals(Buffer.from(mac, 'base64url'))).toBe(true);
    expect(tokens.deviceOf(`${device}.${respelled}`, ada)).toBeNull();
  });
  it("dies with the account's password: a change or reset voids every token", () => {
    const t = tokens.issue(ada);
    expect(tokens.deviceOf(t, ada)).not.toBeNull();
    expect(tokens.deviceOf(t, { ...ada, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$salt-c$hash-c' })).toBeNull();
  });
});
