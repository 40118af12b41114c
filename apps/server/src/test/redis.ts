/** The Redis leg of the tests runs when TEST_REDIS_URL names a server (.ci/run starts one). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || '';

/**
 * Locally a missing server skips its leg (as with PostgreSQL); in CI it must not be skipped
 * silently, so a missing variable fails loudly.
 */
export function requireInCi(vars: Record<string, string>): void {
  const missing = Object.entries(vars)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (process.env.CI && missing.length > 0) {
    throw new Error(
      `CI is set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not: .ci/run exports them`,
    );
  }
}
