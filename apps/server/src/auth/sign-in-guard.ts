import { LOGIN_ATTEMPT_WINDOW_MS } from '@asl/protocol';
import type { LockoutStore } from './lockout';

export interface SignInGuardPolicy {
  /** Failed sign-ins on one identifier from one client address that lock that address out. */
  perAddressAttempts: number;
  /** Failed sign-ins on one identifier from all addresses after which the identifier backs off. */
  backoffAttempts: number;
  /** While backing off, at most one try per this many ms reaches the password check. */
  backoffMs: number;
  windowMs?: number;
}

export type SignInState = { kind: 'open' } | { kind: 'locked' } | { kind: 'backoff'; retryAfterSec: number };

/**
 * Failed sign-ins are counted per identifier as typed (so a known and an unknown identifier
 * behave the same, and a username and an email are counted apart) and per client address:
 * - `perAddressAttempts` failures on an identifier from one address lock that address out of it
 *   for the window (15 minutes), so someone guessing elsewhere cannot lock the owner out;
 * - `backoffAttempts` failures on an identifier from anywhere slow it down for everyone: one
 *   try per `backoffMs` reaches the password check until the window has passed.
 * A device the account signed in on before (a device token, device-tokens.ts) is counted as itself
 * instead of by its address, and is not slowed down by failures elsewhere: however many addresses
 * guess, the owner's own browser still signs in.
 */
export class SignInGuard {
  private readonly windowMs: number;
  constructor(
    private readonly store: LockoutStore,
    private readonly policy: SignInGuardPolicy,
  ) {
    this.windowMs = policy.windowMs ?? LOGIN_ATTEMPT_WINDOW_MS;
  }

  private static all(identifier: string): string {
    return `id:${identifier}`;
  }

  /** Where the try comes from: a known device (its id), else the client address. */
  private static from(identifier: string, ip: string, device: string | null): string {
    return device ? `id:${identifier}#device:${device}` : `id:${identifier}@${ip}`;
  }

  async check(identifier: string, ip: string, device: string | null = null): Promise<SignInState> {
    const all = SignInGuard.all(identifier);
    const [mine, everywhere, recent] = await Promise.all([
      this.store.count(SignInGuard.from(identifier, ip, device), this.windowMs),
      device ? 0 : this.store.count(all, this.windowMs),
      device ? 0 : this.store.count(all, this.policy.backoffMs),
    ]);
    if (mine >= this.policy.perAddressAttempts) return { kind: 'locked' };
    if (everywhere >= this.policy.backoffAttempts && recent > 0) {
      return { kind: 'backoff', retryAfterSec: Math.max(1, Math.ceil(this.policy.backoffMs / 1000)) };
    }
    return { kind: 'open' };
  }

  async recordFailure(identifier: string, ip: string, device: string | null = null): Promise<void> {
    await Promise.all([
      this.store.record(SignInGuard.from(identifier, ip, device), ip, this.windowMs),
      this.store.record(SignInGuard.all(identifier), ip, this.windowMs),
    ]);
  }

  /** A successful sign-in clears this address's (or device's) failures on the identifier (not the others'). */
  /**
   * A sign-in that worked starts the account's identifiers again from this address (or device):
   * all of them, so failures typed under the username do not lock it out after a sign-in by email
   * (the learner review of 2026-11-28, second round).
   */
  async succeeded(identifiers: readonly string[], ip: string, device: string | null = null): Promise<void> {
    await Promise.all(identifiers.map((id) => this.store.clear(SignInGuard.from(id, ip, device))));
  }

  /** After a password reset: the account's identifiers start again, for everyone and from this address. */
  async reset(identifiers: readonly string[], ip: string): Promise<void> {
    await Promise.all(
      identifiers.flatMap((id) => [
        this.store.clear(SignInGuard.all(id)),
        this.store.clear(SignInGuard.from(id, ip, null)),
      ]),
    );
  }
}
