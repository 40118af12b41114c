import { randomInt } from 'node:crypto';
import { LOGIN_ATTEMPT_WINDOW_MS, PRODUCT_NAME, type TokenPair, type User } from '@asl/protocol';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets, users } from '../db/schema';
import { assertPasswordAllowed } from './common-passwords';
import { AppError } from '../errors';
import {
  findUserByEmail,
  findUserById,
  findUserByIdentifier,
  isUniqueViolation,
  toUserDto,
  usernameTaken,
  type UserRow,
} from './accounts';
import { DeviceTokens } from './device-tokens';
import { createKeyedLimiter, perMinute, type KeyedLimiter } from './keyed-limiter';
import { DbLockoutStore, type LockoutStore } from './lockout';
import type { Mailer } from './mailer';
import { MemoryRevocationStore, type RevocationStore } from './revocations';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { voidResetTokens } from './reset-tokens';
import { OneAtATime } from './one-at-a-time';
import { SignInGuard } from './sign-in-guard';
import type { RefreshGrace } from './refresh-grace';
import { createSession, isSessionActive, revokeSession, revokeUserSessions, rotateRefreshToken } from './sessions';
import { AccessTokens, hashToken, newOpaqueToken, type AccessClaims } from './tokens';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** Reset mail starts up to this long after the answer. */
const MAIL_JITTER_MS = 1_000;

export interface AuthServiceOptions {
  db: Db;
  tokens: AccessTokens;
  mailer: Mailer;
  lockoutAttempts: number;
  /** Failures on one identifier from every address before it backs off (default 20), and the back-off (10 s). */
  backoffAttempts?: number;
  backoffMs?: number;
  /** Counters for wrong current passwords and sign-ins per identifier (memory unless given; Redis when scaled out). */
  limiter?: KeyedLimiter;
  /**
   * Sign-in tries per identifier a minute from devices it never signed in on (every address
   * together; none unless given). Tries refused by the address's lockout do not count.
   */
  identifierTriesPerMin?: number;
  /** Signs the device tokens (device-tokens.ts); a key of this process's own unless given. */
  deviceSecret?: string;
  /** Where a mail that failed off the request path is reported. */
  onMailError?: (err: unknown) => void;
  adminEmails: readonly string[];
  publicOrigin?: string | undefined;
  /** Failed sign-in counts: the database unless given (Redis when scaled out). */
  lockoutStore?: LockoutStore;
  /** Revoked sessions: this process's memory unless given (Redis when scaled out). */
  revocations?: RevocationStore;
  /** A just-rotated refresh token presented again within the window answers the same successor; none unless given. */
  refreshGrace?: RefreshGrace;
}

export interface Principal {
  user: UserRow;
  sessionId: string;
}

/** Accounts: registration, sign-in, refresh rotation, sessions, password reset and change. */
export class AuthService {
  private readonly db: Db;
  private readonly guard: SignInGuard;
  private readonly limiter: KeyedLimiter;
  private readonly devices: DeviceTokens;
  private readonly mailing = new Set<Promise<void>>();
  /** one password check at a time per identifier (sign-in) and per account (change of password) */
  private readonly checks = new OneAtATime();
  private readonly revocationStore: RevocationStore;
  /** Revocations are recorded in the database first; the shared denylist is best effort. */
  private readonly revocations: Pick<RevocationStore, 'isRevoked' | 'revoke'>;
  constructor(private readonly opts: AuthServiceOptions) {
    this.db = opts.db;
    this.guard = new SignInGuard(opts.lockoutStore ?? new DbLockoutStore(opts.db), {
      perAddressAttempts: opts.lockoutAttempts,
      backoffAttempts: opts.backoffAttempts ?? 20,
      backoffMs: opts.backoffMs ?? 10_000,
    });
    this.limiter = opts.limiter ?? createKeyedLimiter(null);
    this.devices = new DeviceTokens(opts.deviceSecret ?? newOpaqueToken());
    this.revocationStore = opts.revocations ?? new MemoryRevocationStore(opts.tokens.ttl * 1000);
    this.revocations = {
      isRevoked: (id) => this.revocationStore.isRevoked(id),
      revoke: (ids) => this.revocationStore.revoke(ids).catch(() => undefined),
    };
  }

  /**
   * A new sign-in session for `user`; a sign-in passes the password hash it checked, and is refused
   * as a wrong password when that password was changed or reset since (createSession).
   */
  private async issue(user: UserRow, userAgent: string | null, checkedHash?: string): Promise<TokenPair> {
    const opened = await createSession(this.db, user.id, userAgent, checkedHash);
    if (!opened) throw new AppError('INVALID_CREDENTIALS');
    return this.pair(user, opened.sessionId, opened.refreshToken);
  }

  private async pair(user: UserRow, sessionId: string, refreshToken: string): Promise<TokenPair> {
    return {
      access_token: await this.opts.tokens.sign({ userId: user.id, sessionId }),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: this.opts.tokens.ttl,
      user: toUserDto(user),
    };
  }

  async register(
    input: {
      username: string;
      email: string;
      password: string;
      firstName?: string | undefined;
      lastName?: string | undefined;
    },
    userAgent: string | null,
  ): Promise<TokenPair> {
    if (await findUserByEmail(this.db, input.email)) throw new AppError('EMAIL_TAKEN', undefined, 'email');
    if (await usernameTaken(this.db, input.username)) throw new AppError('USERNAME_TAKEN', undefined, 'username');
    const passwordHash = await hashPassword(input.password);
    const roles = this.opts.adminEmails.includes(input.email) ? ['learner', 'admin'] : ['learner'];
    let row: UserRow | undefined;
    try {
      [row] = await this.db
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          firstName: input.firstName ?? '',
          lastName: input.lastName ?? '',
          roles,
        })
        .returning();
    } catch (err) {
      const dup = isUniqueViolation(err);
      if (dup) {
        throw dup.constraint.includes('email')
          ? new AppError('EMAIL_TAKEN', undefined, 'email')
          : new AppError('USERNAME_TAKEN', undefined, 'username');
      }
      throw err;
    }
    if (!row) throw new Error('user insert returned nothing');
    // registering signs this browser in: it is the account's first device
    return { ...(await this.issue(row, userAgent)), device_token: this.devices.issue(row) };
  }

  /**
   * Known and unknown identifiers take the same path: the lockout is keyed by the identifier as
   * typed and the client address, and an unknown one still costs a password hash.
   */
  async login(
    identifier: string,
    password: string,
    ip: string,
    userAgent: string | null,
    deviceToken?: string,
  ): Promise<TokenPair> {
    const id = identifier.trim().toLowerCase();
    const found = await findUserByIdentifier(this.db, id);
    // The device's token is checked against the account the identifier names and its password as
    // it is now (none: no device; a new password voids the old tokens, and with them a device's
    // lockout). A password changed after this read is caught when the session is made (issue).
    const device = found ? this.devices.deviceOf(deviceToken, found) : null;
    // One at a time per identifier, so a burst of guesses each sees the failures recorded before
    // it; a known device in a queue of its own, not behind every other address's tries.
    const queue = device ? `sign-in:${id}#${device}` : `sign-in:${id}`;
    const user = await this.checks.run(queue, () => this.checkSignIn(id, found, password, ip, device));
    const pair = await this.issue(user, userAgent, user.passwordHash);
    // a device known keeps its token; a new one gets its own
    return { ...pair, device_token: device ? deviceToken! : this.devices.issue(user) };
  }

  private async checkSignIn(
    id: string,
    user: UserRow | null,
    password: string,
    ip: string,
    device: string | null,
  ): Promise<UserRow> {
    const state = await this.guard.check(id, ip, device);
    if (state.kind === 'locked') throw new AppError('ACCOUNT_LOCKED');
    if (state.kind === 'backoff') {
      throw new AppError('LOGIN_RATE_LIMITED', undefined, undefined, { 'retry-after': String(state.retryAfterSec) });
    }
    // Tries per identifier from devices it never signed in on: counted here, after the lockout, so
    // tries an address is locked out of do not use up the owner's (the attack review of 2026-11-28:
    // two addresses' 40 refused tries a minute kept the owner out for as long as they went on).
    if (!device && this.opts.identifierTriesPerMin) {
      const verdict = await this.limiter.hit(perMinute('login:id', this.opts.identifierTriesPerMin), id);
      if (!verdict.allowed) {
        throw new AppError('LOGIN_RATE_LIMITED', undefined, undefined, {
          'retry-after': String(verdict.retryAfterSec),
        });
      }
    }
    const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
    if (!user || !ok) {
      await this.guard.recordFailure(id, ip, device);
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED');
    await this.guard.succeeded([...new Set([id, user.username.toLowerCase(), user.email.toLowerCase()])], ip, device);
    return user;
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const rotated = await rotateRefreshToken(this.db, refreshToken, this.opts.refreshGrace);
    if (!rotated.ok) {
      if (rotated.reason === 'reused' && rotated.sessionId) await this.revocations.revoke([rotated.sessionId]);
      throw new AppError('REFRESH_TOKEN_INVALID');
    }
    const user = await findUserById(this.db, rotated.userId);
    if (!user || user.disabled) {
      await revokeSession(this.db, rotated.sessionId, 'user_unavailable');
      await this.revocations.revoke([rotated.sessionId]);
      throw new AppError('REFRESH_TOKEN_INVALID');
    }
    return this.pair(user, rotated.sessionId, rotated.refreshToken);
  }

  /** Resolves a bearer access token to its user and live session, or throws a coded 401. */
  async authenticate(token: string): Promise<Principal> {
    const verified = await this.opts.tokens.verify(token);
    if (!verified.ok) throw new AppError(verified.reason === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID');
    return this.principalFor(verified.claims);
  }

  private async principalFor(claims: AccessClaims): Promise<Principal> {
    // The shared denylist is a fast first check; if Redis is unreachable the database check below decides.
    if (await this.revocations.isRevoked(claims.sessionId).catch(() => false)) throw new AppError('TOKEN_INVALID');
    const [user, active] = await Promise.all([
      findUserById(this.db, claims.userId),
      isSessionActive(this.db, claims.sessionId, claims.userId),
    ]);
    if (!user || !active || user.disabled) throw new AppError('TOKEN_INVALID');
    return { user, sessionId: claims.sessionId };
  }

  async logout(principal: Principal): Promise<void> {
    await revokeSession(this.db, principal.sessionId, 'logout');
    await this.revocations.revoke([principal.sessionId]);
  }

  async updateProfile(
    principal: Principal,
    patch: { firstName?: string | undefined; lastName?: string | undefined; username?: string | undefined },
  ): Promise<User> {
    if (patch.username && (await usernameTaken(this.db, patch.username, principal.user.id))) {
      throw new AppError('USERNAME_TAKEN', undefined, 'username');
    }
    const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (patch.firstName !== undefined) values.firstName = patch.firstName;
    if (patch.lastName !== undefined) values.lastName = patch.lastName;
    if (patch.username !== undefined) values.username = patch.username;
    try {
      const [row] = await this.db.update(users).set(values).where(eq(users.id, principal.user.id)).returning();
      if (!row) throw new AppError('TOKEN_INVALID');
      return toUserDto(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('USERNAME_TAKEN', undefined, 'username');
      throw err;
    }
  }

  /**
   * A wrong current password counts against the account; the `lockoutAttempts`-th within the
   * sign-in window ends the session it came from (whoever holds a stolen token cannot guess on).
   */
  /**
   * One at a time per account: a burst of guesses with a stolen access token each sees the ones
   * before it, and none goes on once the session was ended for them (or the password changed).
   */
  changePassword(principal: Principal, current: string, next: string): Promise<void> {
    return this.checks.run(`change-password:${principal.user.id}`, () =>
      this.checkAndChangePassword(principal, current, next),
    );
  }

  private async checkAndChangePassword(principal: Principal, current: string, next: string): Promise<void> {
    const [user, active] = await Promise.all([
      findUserById(this.db, principal.user.id),
      isSessionActive(this.db, principal.sessionId, principal.user.id),
    ]);
    if (!user || !active || user.disabled) throw new AppError('TOKEN_INVALID');
    if (!(await verifyPassword(user.passwordHash, current))) {
      const rule = {
        name: 'change-password-wrong',
        max: this.opts.lockoutAttempts - 1,
        windowMs: LOGIN_ATTEMPT_WINDOW_MS,
      };
      const verdict = await this.limiter.hit(rule, principal.user.id);
      if (!verdict.allowed) {
        await this.limiter.reset(rule, principal.user.id);
        await revokeSession(this.db, principal.sessionId, 'password_attempts');
        await this.revocations.revoke([principal.sessionId]);
        throw new AppError('PASSWORD_ATTEMPTS_EXCEEDED');
      }
      throw new AppError('WRONG_PASSWORD', undefined, 'current_password');
    }
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(next), updatedAt: new Date() })
      .where(eq(users.id, principal.user.id));
    await voidResetTokens(this.db, principal.user.id);
    await this.revocations.revoke(
      await revokeUserSessions(this.db, principal.user.id, 'password_changed', principal.sessionId),
    );
  }

  /**
   * Always succeeds from the caller's point of view, at once: the account lookup, the token and
   * the mail (a single-use link valid 30 minutes) happen off the request path, so the answer
   * takes the same time whether or not the account exists. `origin` never comes from a request.
   */
  forgotPassword(email: string, origin: string): void {
    // A random delay spreads the work of a real account (a token row, a mail) over later requests,
    // so the answer to the next request does not tell either.
    const job = new Promise<void>((resolve) => setTimeout(resolve, randomInt(0, MAIL_JITTER_MS)))
      .then(() => this.mailResetLink(email, origin))
      .catch((err: unknown) => this.opts.onMailError?.(err));
    this.mailing.add(job);
    void job.finally(() => this.mailing.delete(job));
  }

  /** Resolves once every reset mail started so far has been sent (or failed). */
  async mailSettled(): Promise<void> {
    await Promise.all([...this.mailing]);
  }

  private async mailResetLink(email: string, origin: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user || user.disabled) return;
    const token = newOpaqueToken();
    await this.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const base = this.opts.publicOrigin ?? origin;
    const link = `${base.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
    await this.opts.mailer.send({
      to: user.email,
      subject: `Reset your ${PRODUCT_NAME} password`,
      text:
        `Hello ${user.firstName || user.username},\n\n` +
        `Someone asked to reset the password of your ${PRODUCT_NAME} account. ` +
        `If it was you, open this link within 30 minutes:\n\n${link}\n\n` +
        `If it was not you, ignore this message; your password stays the same.\n`,
    });
  }

  /** Spends the token, sets the password, voids every other reset token and session of the account. */
  /** The account a reset token can still set the password of (unused, not expired); RESET_TOKEN_INVALID otherwise. */
  async resetTokenOwner(token: string, now = new Date()): Promise<{ username: string; email: string }> {
    const [owner] = await this.db
      .select({ username: users.username, email: users.email })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .limit(1);
    if (!owner) throw new AppError('RESET_TOKEN_INVALID', undefined, 'token');
    return owner;
  }

  async resetPassword(token: string, newPassword: string, ip: string): Promise<void> {
    const now = new Date();
    // the account's own name is no password (checked as registration and change-password do);
    // refused before the link is spent, so the learner can choose another with it
    const owner = await this.resetTokenOwner(token, now);
    assertPasswordAllowed(newPassword, 'new_password', owner);
    const [reset] = await this.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) throw new AppError('RESET_TOKEN_INVALID', undefined, 'token');
    const [user] = await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: now })
      .where(eq(users.id, reset.userId))
      .returning();
    await voidResetTokens(this.db, reset.userId);
    await this.revocations.revoke(await revokeUserSessions(this.db, reset.userId, 'password_reset'));
    if (user) await this.guard.reset([user.email.toLowerCase(), user.username.toLowerCase()], ip);
  }
}
