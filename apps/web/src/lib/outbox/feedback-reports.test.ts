import 'fake-indexeddb/auto';
import { SYNC_TAGS, type OfflineSessionRequest } from '@asl/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, resetOfflineDb, signIn } from './outbox.fixture';
import { pendingRecords } from './common';
import { flushOutbox, newClientId, queuePracticeData } from './outbox';
import { queueFeedbackReport, type QueuedFeedbackReport } from './feedback-reports';

const hand = Array.from({ length: 21 }, (_, i) => [100 + i, 200 - i, 0] as [number, number, number]);
const report = (over: Partial<QueuedFeedbackReport> = {}): QueuedFeedbackReport => ({
  client_id: newClientId(),
  session_id: newClientId(),
  target: 'A',
  detected: 'S',
  confidence: 0.81,
  landmarks: hand,
  frames: [{ t: 0, landmarks: hand }],
  ...over,
});
const stored = { id: 'r-1', duplicate: false };
const queuedReports = async () => (await pendingRecords(SYNC_TAGS.practiceData)).map((r) => r.data.body);

/** fetch answering from `answer`, recording each call's path and body. */
function server(answer: (path: string, body: Record<string, unknown>) => Response | Promise<Response>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      calls.push({ path: url, body });
      return answer(url, body);
    }),
  );
  return calls;
}

beforeEach(async () => {
  await resetOfflineDb();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('feedback reports in the outbox', () => {
  it('needs a signed-in learner and a report of the upload shape', async () => {
    localStorage.clear();
    await expect(queueFeedbackReport(report())).rejects.toThrow(/signed-in/);
    signIn();
    await expect(queueFeedbackReport(report({ landmarks: hand.slice(1) }))).rejects.toThrow();
    expect(await queuedReports()).toEqual([]);
  });

  it("sends a queued report once, after the tag's practice sessions, and keeps nothing after", async () => {
    signIn();
    const r = report();
    await queueFeedbackReport(r);
    const session: OfflineSessionRequest = {
      client_id: newClientId(),
      story_id: 'l1-my-cat',
      started_at: new Date().toISOString(),
      completed_at: null,
      attempts: [],
    };
    await queuePracticeData(session);
    const calls = server((path) =>
      path.endsWith('/offline-sessions')
        ? json(201, {
            session_id: 's',
            status: 'in_progress',
            duplicate: false,
            attempts_stored: 0,
            attempts_skipped: 0,
          })
        : json(201, stored),
    );
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toEqual({ sent: 2, dropped: 0, kept: 0 });
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/practice/offline-sessions', '/api/v1/feedback-reports']);
    expect(calls[1]!.body).toEqual(r);
    expect(await queuedReports()).toEqual([]);
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toEqual({ sent: 0, dropped: 0, kept: 0 });
  });

  it('keeps a report through a network error and a 5xx; drops one the server refuses for good', async () => {
    signIn();
    const r = report();
    await queueFeedbackReport(r);
    for (const answer of [() => Promise.reject(new TypeError('Failed to fetch')), async () => json(503, {})]) {
      vi.stubGlobal('fetch', vi.fn(answer));
      expect(await flushOutbox(SYNC_TAGS.practiceData)).toMatchObject({ sent: 0, kept: 1 });
      expect(await queuedReports()).toEqual([r]);
    }
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server(() => json(400, { error: { code: 'VALIDATION_ERROR', message: 'bad', field: 'target' } }));
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toEqual({ sent: 0, dropped: 1, kept: 0 });
    expect(await queuedReports()).toEqual([]);
  });

  it('sends a report again without its session when the server has no row for that session', async () => {
    signIn();
    const r = report();
    await queueFeedbackReport(r);
    const calls = server((_path, body) =>
      body.session_id
        ? json(404, { error: { code: 'SESSION_NOT_FOUND', message: 'no', field: 'session_id' } })
        : json(201, stored),
    );
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toEqual({ sent: 1, dropped: 0, kept: 0 });
    const { session_id: _, ...withoutSession } = r;
    expect(calls.map((c) => c.body)).toEqual([r, withoutSession]);
    expect(await queuedReports()).toEqual([]);
  });

  it("sends only the signed-in learner's reports", async () => {
    signIn('user-1');
    await queueFeedbackReport(report());
    signIn('user-2');
    const calls = server(() => json(201, stored));
    expect(await flushOutbox(SYNC_TAGS.practiceData)).toEqual({ sent: 0, dropped: 0, kept: 0 });
    expect(calls).toEqual([]);
    expect((await queuedReports()).length).toBe(1);
  });

  it('a report queued while a flush is running is sent by a second flush right after it', async () => {
    signIn();
    const first = report();
    const second = report();
    await queueFeedbackReport(first);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const calls = server(async (_path, body) => {
      if (body.client_id === first.client_id) await held;
      return json(201, stored);
    });
    const running = flushOutbox(SYNC_TAGS.practiceData);
    await vi.waitFor(() => expect(calls.length).toBe(1));
    await queueFeedbackReport(second);
    // asked to flush while the first flush, which listed only the first report, is still running
    expect(flushOutbox(SYNC_TAGS.practiceData)).toBe(running);
    release();
    expect(await running).toEqual({ sent: 1, dropped: 0, kept: 0 });
    await vi.waitFor(async () => expect(await queuedReports()).toEqual([]));
    expect(calls.map((c) => c.body.client_id)).toEqual([first.client_id, second.client_id]);
  });
});
