import type { FastifyRequest } from 'fastify';
import type { KeyedLimiter, LimitRule } from '../auth/keyed-limiter';
import { AppError } from '../errors';
import { byAddress, byLearner } from './auth/limit';

const HOUR_MS = 3_600_000;

/** The rows one kind of write may store per hour, per learner and per client address (unset: no budget). */
export interface RowBudget {
  name: string;
  perLearnerPerHour?: number | undefined;
  perAddressPerHour?: number | undefined;
}

type Checks = (readonly [LimitRule, string])[];

function checksFor(budget: RowBudget, request: FastifyRequest): Checks {
  const checks: Checks = [];
  if (budget.perLearnerPerHour)
    checks.push([
      { name: `rows:${budget.name}`, max: budget.perLearnerPerHour, windowMs: HOUR_MS },
      byLearner(request),
    ]);
  if (budget.perAddressPerHour)
    checks.push([
      { name: `rows:${budget.name}:address`, max: budget.perAddressPerHour, windowMs: HOUR_MS },
      byAddress(request),
    ]);
  return checks;
}

export interface BudgetedWrite<T> {
  /** The most rows the write may store. */
  rows: number;
  /** Stores them; says how many it stored. */
  store: () => Promise<{ result: T; stored: number }>;
  /** True when the write would store nothing new (a replay of what is stored already). */
  addsNothing: () => Promise<boolean>;
}

/**
 * Runs a write within its hourly row budget: every write is small, but the per-minute request
 * limits let a few accounts fill the database in an hour and slow everyone (the attack review of
 * 2026-11-28). The rows are reserved before the write, atomically per key (so writes sent at the
 * same moment do not all pass), and those not stored go back (a replay costs nothing). Over the
 * budget: 429 WRITE_RATE_LIMITED with Retry-After (the app's queue keeps the record for later),
 * except a write that adds nothing, which goes through.
 */
export async function withinRowBudget<T>(
  limiter: KeyedLimiter,
  budget: RowBudget,
  request: FastifyRequest,
  write: BudgetedWrite<T>,
): Promise<T> {
  const checks = checksFor(budget, request);
  if (checks.length === 0 || write.rows === 0) return (await write.store()).result;
  const verdict = await limiter.reserve(checks, write.rows);
  if (!verdict.allowed) {
    if (!(await write.addsNothing())) {
      throw new AppError('WRITE_RATE_LIMITED', undefined, undefined, { 'retry-after': String(verdict.retryAfterSec) });
    }
    return (await write.store()).result;
  }
  let stored = 0;
  try {
    const done = await write.store();
    stored = done.stored;
    return done.result;
  } finally {
    await limiter.release(checks, write.rows - stored, verdict.endsAt);
  }
}
