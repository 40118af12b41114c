/** The smallest normal float4: PostgreSQL's `real` refuses a nonzero value nearer to 0 ("out of range"). */
const REAL_MIN = 1.175494351e-38;

/**
 * A number as a `real` column can hold it: one too close to 0 to be a float4 is 0 (a confidence
 * of 1e-46 is no confidence), so valid input (0..1) never fails as a 500.
 */
export function storableReal(value: number): number {
  return Math.abs(value) < REAL_MIN ? 0 : value;
}
