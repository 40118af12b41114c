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
    syncNow.mockImplementation(async () => {
      order.push('flush');
      return { sent: 1, dropped: 0, kept: 0 };
    });
    const landed = deviceLogLanded(queued).then((ok) => void order.push(`landed ${ok}`));
    await Promise.resolve();
    expect(syncNow).not.toHaveBeenCalled(); // not before the log is in the queue
    queue();
    await landed;
    expect(order).toEqual(['queued', 'flush', 'flush', 'landed true']);
  });

  it('says the log did not land when the flush kept it (the upload failed)', async () => {
    syncNow.mockResolvedValue({ sent: 0, dropped: 0, kept: 1 });
    await expect(deviceLogLanded(undefined)).resolves.toBe(false);
  });

  it('gives up waiting after the limit (a slow server) and when the upload fails', async () => {
    vi.useFakeTimers();
    syncNow.mockReturnValue(new Promise(() => {}));
    let done: boolean | null = null;
    void deviceLogLanded(undefined, 8_000).then((ok) => (done = ok));
    await vi.advanceTimersByTimeAsync(7_999);
    expect(done).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(false);

    vi.useRealTimers();
    syncNow.mockRejectedValue(new Error('offline'));
    await expect(deviceLogLanded(undefined, 60_000)).resolves.toBe(false);
  });
});
