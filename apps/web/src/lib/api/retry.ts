import { GENERIC_RETRY } from '@asl/protocol';

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  multiplier: number;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `fn`, retrying while `isRetryable` says so: delays base, base*m, base*m^2 ... */
export async function withRetry<T>(
  fn: () => Promise<T>,
  isRetryable: (err: unknown) => boolean,
  policy: RetryPolicy = GENERIC_RETRY,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= policy.maxRetries || !isRetryable(err)) throw err;
      await wait(policy.baseDelayMs * policy.multiplier ** attempt);
    }
  }
}
