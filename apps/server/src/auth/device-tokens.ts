import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a token is bound to: the account, and its password as stored. */
export interface Account {
  id: string;
  passwordHash: string;
}

/**
 * Device tokens (OWASP's "device cookies"): a browser that signed in to an account once holds a
 * token naming that account, which it sends with later sign-ins. Someone guessing elsewhere slows
 * the account down for every device that has none (the per-identifier limits and back-off), but
 * not for the owner's own devices: they are limited and locked out on their own, by device.
 *
 * A token is `<device id>.<mac>`, the MAC over the account, its password (the stored hash) and the
 * device id, with a key derived from the server's secret: it says nothing about the account, cannot
 * be made without a sign-in, is worth nothing without the password, and dies with the password: a
 * change or reset of password voids every device token of the account (tokens gathered by someone
 * who once knew it give no guesses past the per-identifier limits: the attack review of 2026-11-28).
 */
export class DeviceTokens {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('asl device tokens v1').digest();
  }

  private mac(account: Account, device: string): Buffer {
    return createHmac('sha256', this.key).update(`${account.id}\n${account.passwordHash}\n${device}`).digest();
  }

  /** A new device's token for the account (with its password as it is now). */
  issue(account: Account): string {
    const device = randomBytes(12).toString('base64url');
    return `${device}.${this.mac(account, device).toString('base64url')}`;
  }

  /** The device id when `token` was issued for this account and its password as it is now; null otherwise. */
  deviceOf(token: string | undefined, account: Account): string | null {
    const m = token ? /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
    if (!m) return null;
    const given = Buffer.from(m[2]!, 'base64url');
    // one spelling only (the last character's two spare bits are not a second token)
    if (given.toString('base64url') !== m[2]) return null;
    const expected = this.mac(account, m[1]!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? m[1]! : null;
  }
}
