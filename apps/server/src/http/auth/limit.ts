import type { ErrorCode } from '@asl/protocol';
import type { FastifyRequest } from 'fastify';
import type { KeyedLimiter, LimitRule } from '../../auth/keyed-limiter';
import { AppError } from '../../errors';
import { addressKey } from '../../address-key';

export interface LimitCheck {
  rule: LimitRule;
  /** The key this request counts against; an empty key still counts (as one shared bucket). */
  key(request: FastifyRequest): string;
}

/**
 * A preHandler that counts the request against every check (each limit counts, whatever the
 * others say) and refuses with `code`, 429 and Retry-After when any one is over.
 */
export function limitRequests(limiter: KeyedLimiter, code: ErrorCode, checks: readonly LimitCheck[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const verdict = await limiter.hitAll(checks.map((c) => [c.rule, c.key(request)] as const));
    if (!verdict.allowed) {
      throw new AppError(code, undefined, undefined, { 'retry-after': String(verdict.retryAfterSec) });
    }
  };
}

/**
 * The client address as Fastify sees it (X-Forwarded-For only with TRUST_PROXY), an IPv6 one by its
 * /64 (addressKey): thirty addresses of one /64 had registered thirty accounts a minute (the
 * re-check of 2026-11-28).
 */
export const byAddress = (request: FastifyRequest): string => addressKey(request.ip);

/** A string field of the JSON body, trimmed and lowercased (identifiers and emails). */
export function bodyField(field: string) {
  return (request: FastifyRequest): string => {
    const value = (request.body as Record<string, unknown> | null)?.[field];
    return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '';
  };
}

/** The signed-in learner (use after requireAuth). */
export const byLearner = (request: FastifyRequest): string => request.principal?.user.id ?? `ip:${request.ip}`;

/** Per-learner limits on authenticated writes. */
export interface WriteLimits {
  limiter: KeyedLimiter;
  /** Each kind of write (feedback reports, offline sessions, profile) per learner per minute. */
  writesPerMin: number;
  /** Analytics batches per learner per minute. */
  analyticsPerMin: number;
  /** Attempts stored from offline uploads per learner per hour (unset: no such budget). */
  offlineAttemptsPerHour?: number;
  /** The same per client address. */
  offlineAttemptsPerHourPerAddress?: number;
  /** Analytics events stored per learner per hour. */
  analyticsEventsPerHour?: number;
  /** The same per client address. */
  analyticsEventsPerHourPerAddress?: number;
  /** Feedback reports stored per learner per hour. */
  feedbackReportsPerHour?: number;
  /** The same per client address. */
  feedbackReportsPerHourPerAddress?: number;
  /** GET /progress per learner per minute (unset: no limit). */
  progressPerMin?: number;
  /** The same per client address. */
  progressPerMinPerAddress?: number;
}

/** A preHandler (after requireAuth) counting one kind of write per learner: 429 WRITE_RATE_LIMITED when over. */
export function learnerWriteLimit(limits: WriteLimits, kind: string, perMin = limits.writesPerMin) {
  return limitRequests(limits.limiter, 'WRITE_RATE_LIMITED', [
    { rule: { name: `write:${kind}`, max: perMin, windowMs: 60_000 }, key: byLearner },
  ]);
}
