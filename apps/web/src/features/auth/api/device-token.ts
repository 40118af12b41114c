import type { TokenPair } from '@asl/protocol';
import { DEVICE_TOKENS_KEY, readJson, writeJson } from '../../../lib/storage/keys';

/** Accounts remembered on one browser (a shared family computer has a few). */
const MAX_ACCOUNTS = 5;

type Tokens = { slot: string; token: string }[];

/**
 * Where an identifier's token is kept: a hash of it, so the list does not show who signed in on a
 * shared device (FNV-1a, 2 x 32 bits: not a secret, only not readable at a glance).
 */
export function slotOf(identifier: string): string {
  const text = identifier.trim().toLowerCase();
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(text.length - 1 - i), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** The token this browser was given for the account the identifier names, if any. */
export function deviceTokenFor(identifier: string): string | undefined {
  const slot = slotOf(identifier);
  return readJson<Tokens>(DEVICE_TOKENS_KEY, []).find((t) => t.slot === slot)?.token;
}

/**
 * Keeps the token of a sign-in or registration for the account's username and email (either may
 * be typed next time), newest first.
 */
export function rememberDeviceToken(pair: Pick<TokenPair, 'device_token' | 'user'>): void {
  if (!pair.device_token) return;
  const slots = new Set([slotOf(pair.user.username), slotOf(pair.user.email)]);
  const kept = readJson<Tokens>(DEVICE_TOKENS_KEY, []).filter((t) => !slots.has(t.slot));
  const mine = [...slots].map((slot) => ({ slot, token: pair.device_token! }));
  writeJson(DEVICE_TOKENS_KEY, [...mine, ...kept].slice(0, MAX_ACCOUNTS * 2));
}
