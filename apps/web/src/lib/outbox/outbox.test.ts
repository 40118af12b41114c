import 'fake-indexeddb/auto';
import { OFFLINE_LIMITS, SYNC_TAGS, type OfflineSessionRequest } from '@asl/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, resetOfflineDb, signIn } from './outbox.fixture';
import { closeOfflineDb, offlineStore } from './store';
import { outboxKey, pendingRecords } from './common';
import { flushOutbox, mergeSession, newClientId, queueAnalyticsEvent, queuePracticeData } from './outbox';

const attempt = (letter_index: number, target = 'C') => ({
  client_id: newClientId(),
  sentence_index: 0,
  word_index: 0,
  letter_index,
  target,
  detected: target,
  correct: true,
  confidence: 0.9,
  held_ms: 400,
  at: new Date().toISOString(),
});

const session = (over: Partial<OfflineSessionRequest> = {}): OfflineSessionRequest => ({
  client_id: newClientId(),
  story_id: 'l1-my-cat',
  started_at: new Date().toISOString(),
  completed_at: null,
  attempts: [attempt(0)],
  ...over,
});

/** The server's answers to an upload (the contract's response shapes). */
const sessionStored = {
  session_id: 's-1',
  status: 'completed',
  duplicate: false,
  attempts_stored: 1,
  attempts_skipped: 0,
};
const eventsStored = { stored: 1, duplicates: 0 };

beforeEach(async () => {
  await resetOfflineDb();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('offline record store (IndexedDB)', () => {
  it('keeps {key, data, timestamp} records, lists them by key prefix, and survives a reopen', async () => {
    const a = await offlineStore.put('outbox:analytics:1', { n: 1 });
    await offlineStore.put('outbox:analytics:2', { n: 2 });
    await offlineStore.put('other:1', { n: 3 });
    expect(a).toEqual({ key: 'outbox:analytics:1', data: { n: 1 }, timestamp: expect.any(Number) });
    await closeOfflineDb();
    expect((await offlineStore.list('outbox:analytics:')).map((r) => r.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await offlineStore.get('other:1')).toMatchObject({ data: { n: 3 } });
  });

  it('deletes a record only when nobody rewrote it since it was read', async () => {
    const first = await offlineStore.put('k', 1);
    const second = await offlineStore.update<number>('k', (n) => (n ?? 0) + 1);
    expect(second.timestamp).toBeGreaterThan(first.timestamp);
    expect(await offlineStore.deleteIfUnchanged('k', first.timestamp)).toBe(false);
    expect((await offlineStore.get('k'))?.data).toBe(2);
    expect(await offlineStore.deleteIfUnchanged('k', second.timestamp)).toBe(true);
    expect(await offlineStore.get('k')).toBeUndefined();
  });
});

describe('queuePracticeData', () => {
  it('needs a signed-in learner and a valid record', async () => {
    await expect(queuePracticeData(session())).rejects.toThrow(/signed-in/);
    signIn();
    await expect(queuePracticeData(session({ client_id: 'nope' }))).rejects.toThrow();
    expect(await pendingRecords(SYNC_TAGS.practiceData)).toEqual([]);
  });

  it('merges pieces of one session by attempt client id and keeps the completion', async () => {
    signIn();
    const s = session();
    const more = attempt(1, 'A');
    await queuePracticeData(s);
    await queuePracticeData({ ...s, attempts: [s.attempts[0]!, more], completed_at: '2026-01-01T00:00:00.000Z' });
    await queuePracticeData({ ...s, attempts: [] });
    const [rec, ...rest] = await pendingRecords<OfflineSessionRequest>(SYNC_TAGS.practiceData);
    expect(rest).toEqual([]);
    expect(rec!.key).toBe(outboxKey(SYNC_TAGS.practiceData, s.client_id));
    expect(rec!.data.user_id).toBe('user-1');
    expect(rec!.data.body.attempts.map((a) => a.client_id)).toEqual([s.attempts[0]!.client_id, more.client_id]);
    expect(rec!.data.body.completed_at).toBe('2026-01-01T00:00:00.000Z');
    // A practice event for analytics when the session is first queued and when it ends, not per
    // piece (the device queues its log after every attempt).
    expect((await pendingRecords(SYNC_TAGS.analytics)).length).toBe(2);
  });

  it('mergeSession takes the longest active time', () => {
    const s = session({ active_ms: 5000 });
    expect(mergeSession(s, { ...s, active_ms: 3000 }).active_ms).toBe(5000);
  });

  it('mergeSession keeps the end a later piece says (restarted or stopped on the device)', () => {
    const s = session({});
    expect(mergeSession(s, { ...s, ended: 'restarted' }).ended).toBe('restarted');
    expect(mergeSession({ ...s, ended: 'stopped' }, s).ended).toBe('stopped');
    expect(mergeSession(s, s).ended).toBeUndefined();
  });
});

describe('flushOutbox', () => {
  it('uploads queued practice data once, and leaves nothing behind after a 2xx or a duplicate', async () => {
    signIn();
    await queuePracticeData(session());
    await queuePracticeData(session());
    const fetchMock = vi.fn(async () => json(201, sessionStored));
    vi.stubGlobal('fetch', fetchMock);
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toEqual({ sent: 2, dropped: 0, kept: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/practice/offline-sessions');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer T');
    // the device's clock when sent (not when queued): the server corrects the times by it
    const sentAt = Date.parse(JSON.parse(init.body as string).sent_at);
    expect(Math.abs(sentAt - Date.now())).toBeLessThan(5_000);
    expect(await pendingRecords(SYNC_TAGS.practiceData)).toEqual([]);
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toEqual({ sent: 0, dropped: 0, kept: 0 });
  });

  it('keeps records on a network error, a 5xx, a 429 and an expired session; drops them on a 4xx validation error', async () => {
    signIn();
    await queuePracticeData(session());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const res of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => json(503, {}),
      async () => json(429, {}),
    ]) {
      vi.stubGlobal('fetch', vi.fn(res));
      expect(await flushOutbox(SYNC_TAGS.practiceData)).toMatchObject({ sent: 0, kept: 1 });
    }
    // 401 and the refresh fails: the session ends but the record stays for the next sign-in.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: { code: 'TOKEN_EXPIRED' } })),
    );
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toMatchObject({ kept: 1 });
    expect((await pendingRecords(SYNC_TAGS.practiceData)).length).toBe(1);
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(422, { error: { code: 'TARGET_MISMATCH' } })),
    );
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toEqual({ sent: 0, dropped: 1, kept: 0 });
    expect(await pendingRecords(SYNC_TAGS.practiceData)).toEqual([]);
  });

  it('keeps practice for the learner who practised, after they signed out meanwhile (another tab)', async () => {
    signIn('user-1');
    localStorage.clear(); // signed out in another tab while practice ran on the device
    await queuePracticeData(session(), 'user-1');
    signIn('user-1');
    const fetchMock = vi.fn(async () => json(201, sessionStored));
    vi.stubGlobal('fetch', fetchMock);
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toEqual({ sent: 1, dropped: 0, kept: 0 });
  });

  it("sends only the signed-in learner's records", async () => {
    signIn('user-1');
    await queuePracticeData(session());
    signIn('user-2');
    const fetchMock = vi.fn(async () => json(201, {}));
    vi.stubGlobal('fetch', fetchMock);
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toEqual({ sent: 0, dropped: 0, kept: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await pendingRecords(SYNC_TAGS.practiceData)).length).toBe(1);
  });

  it('splits a long session into uploads of at most the attempt limit, completing it with the last', async () => {
    signIn();
    // Two pieces queued offline merge into one record longer than one upload may be.
    const s = session({ attempts: Array.from({ length: OFFLINE_LIMITS.maxAttemptsPerUpload }, () => attempt(0)) });
    await queuePracticeData(s);
    await queuePracticeData({
      ...s,
      completed_at: new Date().toISOString(),
      attempts: [1, 2, 3].map(() => attempt(0)),
    });
    const bodies: OfflineSessionRequest[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(init.body as string));
        return json(201, sessionStored);
      }),
    );
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toMatchObject({ sent: 1 });
    expect(bodies.map((b) => b.attempts.length)).toEqual([OFFLINE_LIMITS.maxAttemptsPerUpload, 3]);
    expect(bodies.map((b) => b.completed_at === null)).toEqual([true, false]);
  });

  it('sends analytics in batches of at most the batch limit; signed-out events are dropped', async () => {
    expect(await queueAnalyticsEvent('page_view', { path: '/login' })).toBe(false);
    signIn();
    for (let i = 0; i < OFFLINE_LIMITS.maxEventsPerBatch + 5; i++)
      expect(await queueAnalyticsEvent('page_view', { path: `/p${i}` })).toBe(true);
    expect(await queueAnalyticsEvent('Bad Name')).toBe(false);
    const sizes: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        expect(url).toBe('/api/v1/analytics/events');
        sizes.push(JSON.parse(init.body as string).events.length);
        return json(201, eventsStored);
      }),
    );
    expect(await flushOutbox(SYNC_TAGS.analytics)).toMatchObject({ sent: OFFLINE_LIMITS.maxEventsPerBatch + 5 });
    expect(sizes).toEqual([OFFLINE_LIMITS.maxEventsPerBatch, 5]);
    expect(await pendingRecords(SYNC_TAGS.analytics)).toEqual([]);
  });

  it('does not try while the browser is offline', async () => {
    signIn();
    await queueAnalyticsEvent('page_view');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await flushOutbox(SYNC_TAGS.analytics)).toEqual({ sent: 0, dropped: 0, kept: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
