import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { CHUNK_RELOAD_GUARD_KEY, loginRedirect, recover, recoveryPlan, type RecoveryEnv } from './recovery';

function env(over: Partial<RecoveryEnv> = {}) {
  let online = true;
  const onlineCbs: (() => void)[] = [];
  const e: RecoveryEnv & { goOnline(): void; setOffline(): void } = {
    isOnline: () => online,
    onOnline: (cb) => {
      onlineCbs.push(cb);
      return () => {};
    },
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    reload: vi.fn(),
    assign: vi.fn(),
    location: () => ({ pathname: '/asl-world', search: '?story=1' }),
    session: sessionStorage,
    clearAuth: vi.fn(),
    goOnline() {
      online = true;
      onlineCbs.splice(0).forEach((cb) => cb());
    },
    setOffline() {
      online = false;
    },
    ...over,
  };
  return e;
}

describe('recovery strategies', () => {
  it('maps each kind to its strategy', () => {
    expect(recoveryPlan('network').strategy).toBe('retry');
    expect(recoveryPlan('chunk_load')).toMatchObject({ strategy: 'reload', maxAttempts: 1 });
    expect(recoveryPlan('chunk_load').delayMs(0)).toBe(1000);
    expect(recoveryPlan('authentication').strategy).toBe('logout');
    const server = recoveryPlan('server');
    expect([0, 1, 2].map(server.delayMs)).toEqual([1000, 2000, 4000]);
    const timeout = recoveryPlan('timeout');
    expect(timeout.maxAttempts).toBe(2);
    expect([0, 1].map(timeout.delayMs)).toEqual([2000, 4000]);
    expect(recoveryPlan('validation').strategy).toBe('manual');
    expect(recoveryPlan('unknown').strategy).toBe('manual');
  });

  it('queues a network retry while offline and runs it on online', async () => {
    vi.useFakeTimers();
    const e = env();
    e.setOffline();
    const op = vi.fn().mockResolvedValue('ok');
    const p = recover(new ApiError(0, 'NETWORK', 'Failed to fetch'), op, e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(op).not.toHaveBeenCalled();
    e.goOnline();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(p).resolves.toMatchObject({ status: 'recovered', attempts: 1, value: 'ok' });
    vi.useRealTimers();
  });

  it('retries a server error with exponential backoff', async () => {
    vi.useFakeTimers();
    const op = vi.fn().mockRejectedValueOnce(new Error('x')).mockRejectedValueOnce(new Error('y')).mockResolvedValue(1);
    const p = recover(new ApiError(503, 'DOWN', 'down'), op, env());
    await vi.advanceTimersByTimeAsync(999);
    expect(op).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(op).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(op).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    await expect(p).resolves.toMatchObject({ status: 'recovered', attempts: 3 });
    vi.useRealTimers();
  });

  it('gives a timeout two attempts', async () => {
    vi.useFakeTimers();
    const op = vi.fn().mockRejectedValue(new Error('Request timed out'));
    const p = recover(new Error('Request timed out'), op, env());
    await vi.advanceTimersByTimeAsync(6000);
    await expect(p).resolves.toMatchObject({ status: 'failed', attempts: 2 });
    expect(op).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('reloads once after 1 s for a chunk error, guarded by sessionStorage', async () => {
    vi.useFakeTimers();
    const e = env();
    const err = new TypeError('Failed to fetch dynamically imported module');
    await expect(recover(err, undefined, e)).resolves.toEqual({ status: 'reloading' });
    expect(sessionStorage.getItem(CHUNK_RELOAD_GUARD_KEY)).not.toBeNull();
    vi.advanceTimersByTime(999);
    expect(e.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(e.reload).toHaveBeenCalledTimes(1);
    await expect(recover(err, undefined, e)).resolves.toEqual({ status: 'skipped' });
    vi.advanceTimersByTime(5000);
    expect(e.reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('logs out and goes to /login with a return parameter, unless already there', async () => {
    const e = env();
    await expect(recover(new ApiError(401, 'UNAUTHENTICATED', 'x'), undefined, e)).resolves.toEqual({
      status: 'redirecting',
    });
    expect(e.clearAuth).toHaveBeenCalled();
    expect(e.assign).toHaveBeenCalledWith('/login?return=%2Fasl-world%3Fstory%3D1');
    expect(loginRedirect({ pathname: '/login', search: '' })).toBeNull();
  });

  it('leaves other errors to the user', async () => {
    const op = vi.fn();
    await expect(recover(new ApiError(422, 'INVALID', 'x'), op, env())).resolves.toEqual({ status: 'manual' });
    expect(op).not.toHaveBeenCalled();
  });
});
