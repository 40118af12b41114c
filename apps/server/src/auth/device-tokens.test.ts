import { describe, expect, it } from 'vitest';
import { DeviceTokens } from './device-tokens';

describe('DeviceTokens', () => {
  const tokens = new DeviceTokens('a-secret-of-at-least-thirty-two-characters');
  it("names the device for the account it was issued for, and nothing for another account's", () => {
    const t = tokens.issue('user-a');
    const device = tokens.deviceOf(t, 'user-a');
    expect(device).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(t.startsWith(`${device}.`)).toBe(true);
    expect(tokens.deviceOf(t, 'user-b')).toBeNull();
    // each sign-in on a new device is another device
    expect(tokens.deviceOf(tokens.issue('user-a'), 'user-a')).not.toBe(device);
  });
  it('refuses a changed, made-up or malformed token, and one made with another secret', () => {
    const t = tokens.issue('user-a');
    const [device, mac] = t.split('.') as [string, string];
    const flipped = `${device}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [flipped, `${'x'.repeat(16)}.${mac}`, '', 'abc', `${t}.x`, undefined])
      expect(tokens.deviceOf(bad, 'user-a')).toBeNull();
    expect(new DeviceTokens('another-secret-of-thirty-two-characters!').deviceOf(t, 'user-a')).toBeNull();
  });
});
