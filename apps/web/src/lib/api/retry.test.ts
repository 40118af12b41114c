import { describe, expect, it } from 'vitest';
import { withRetry } from './retry';

describe('withRetry', () => {
  it('retries retryable errors 3 times with 1 s doubling', async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('down');
        },
        () => true,
        undefined,
        async (ms) => void waits.push(ms),
      ),
    ).rejects.toThrow('down');
    expect(calls).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });
  it('does not retry what is not retryable, and returns a later success', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('no');
        },
        () => false,
      ),
    ).rejects.toThrow('no');
    expect(calls).toBe(1);
    let n = 0;
    const v = await withRetry(
      async () => {
        if (n++ < 1) throw new Error('once');
        return 'ok';
      },
      () => true,
      { maxRetries: 2, baseDelayMs: 2000, multiplier: 2 },
      async () => {},
    );
    expect(v).toBe('ok');
  });
});
