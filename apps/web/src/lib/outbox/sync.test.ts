import 'fake-indexeddb/auto';
import { SYNC_TAGS } from '@asl/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, resetOfflineDb, signIn } from './outbox.fixture';
import { pendingRecords } from './common';
import { queueAnalyticsEvent } from './outbox';
import { ANALYTICS_FLUSH_DELAY_MS, startOfflineSync, type SyncReplyMessage } from './sync';

let stop: (() => void) | null = null;
let sw: EventTarget;

beforeEach(async () => {
  await resetOfflineDb();
  signIn('u1');
  sw = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: sw, configurable: true });
});
afterEach(() => {
  stop?.();
  stop = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('startOfflineSync', () => {
  it('replays what was queued offline on the online event', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = vi.fn(async () => json(201, { stored: 1, duplicates: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    stop = startOfflineSync();
    await queueAnalyticsEvent('page_view', { path: '/dashboard' });
    expect(fetchMock).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await pendingRecords(SYNC_TAGS.analytics)).toEqual([]));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/analytics/events', expect.anything());
  });

  it('sends analytics queued while online in one batch after a short delay', async () => {
    const fetchMock = vi.fn(async () => json(201, { stored: 3, duplicates: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    stop = startOfflineSync();
    await vi.waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    for (const path of ['/a', '/b', '/c']) await queueAnalyticsEvent('page_view', { path });
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DELAY_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body.events.map((e: { props: { path: string } }) => e.props.path)).toEqual(['/a', '/b', '/c']);
  });

  it('answers the service worker sync request on its port once the queue is flushed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, {})),
    );
    await queueAnalyticsEvent('page_view');
    stop = startOfflineSync();
    const reply = async () => {
      const channel = new MessageChannel();
      const answer = new Promise<SyncReplyMessage>((resolve) => {
        channel.port1.onmessage = (e) => resolve(e.data as SyncReplyMessage);
      });
      sw.dispatchEvent(
        new MessageEvent('message', { data: { type: 'sync-request', tag: 'analytics' }, ports: [channel.port2] }),
      );
      const data = await answer;
      channel.port1.close();
      return data;
    };
    // Server busy: the record stays and the sync reports failure (the browser retries it).
    expect(await reply()).toMatchObject({ ok: false, result: { kept: 1 } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(201, { stored: 1, duplicates: 0 })),
    );
    expect(await reply()).toMatchObject({ ok: true, result: { sent: 1 } });
    expect(await pendingRecords(SYNC_TAGS.analytics)).toEqual([]);
  });
});
