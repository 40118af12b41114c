import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceLogLanded } from './device-log-landed';

const syncNow = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/outbox', () => ({ syncNow }));

describe('deviceLogLanded (the hand-back to live practice waits for the device log)', () => {
  afterEach(() => {
    vi.useRealTimers();
    syncNow.mockReset();
  });

  it('uploads once the log is queued, and again after a flush that may have listed the queue before it', async () => {
    const order: string[] = [];
    let queue!: () => void;
    const queued = new Promise<void>((r) => (queue = r)).then(() => void order.push('queued'));
    syncNow.mockImplementation(async () => void order.push('flush'));
    const landed = deviceLogLanded(queued).then(() => void order.push('landed'));
    await Promise.resolve();
    expect(syncNow).not.toHaveBeenCalled(); // not before the log is in the queue
    queue();
    await landed;
    expect(order).toEqual(['queued', 'flush', 'flush', 'landed']);
  });

  it('gives up waiting after the limit (a slow server) and when the upload fails', async () => {
    vi.useFakeTimers();
    syncNow.mockReturnValue(new Promise(() => {}));
    let done = false;
    void deviceLogLanded(undefined, 8_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(7_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);

    vi.useRealTimers();
    syncNow.mockRejectedValue(new Error('offline'));
    await expect(deviceLogLanded(undefined, 60_000)).resolves.toBeUndefined();
  });
});
