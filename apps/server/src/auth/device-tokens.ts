import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device tokens (OWASP's "device cookies"): a browser that signed in to an account once holds a
 * token naming that account, which it sends with later sign-ins. Someone guessing elsewhere slows
 * the account down for every device that has none (the per-identifier limits and back-off), but
 * not for the owner's own devices: they are limited and locked out on their own, by device.
 *
 * A token is `<device id>.<mac>`, the MAC over the account and the device id with a key derived
 * from the server's secret: it says nothing about the account, cannot be made without a sign-in,
 * and is worth nothing without the password.
 */
export class DeviceTokens {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('asl device tokens v1').digest();
  }

  private mac(userId: string, device: string): Buffer {
    return createHmac('sha256', this.key).update(`${userId}.${device}`).digest();
  }

  /** A new device's token for the account. */
  issue(userId: string): string {
    const device = randomBytes(12).toString('base64url');
    return `${device}.${this.mac(userId, device).toString('base64url')}`;
  }

  /** The device id when `token` was issued for `userId`; null for anything else. */
  deviceOf(token: string | undefined, userId: string): string | null {
    const m = token ? /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
    if (!m) return null;
    const given = Buffer.from(m[2]!, 'base64url');
    const expected = this.mac(userId, m[1]!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? m[1]! : null;
  }
}
