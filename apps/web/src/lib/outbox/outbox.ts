import {
  OFFLINE_LIMITS,
  SYNC_TAGS,
  analyticsEventSchema,
  offlineSessionRequestSchema,
  type AnalyticsEvent,
  type OfflineSessionRequest,
  type SyncTag,
} from '@asl/protocol';
import { call } from '../api/call';
import { isOffline } from '../api/online';
import {
  currentUserId,
  isPermanent,
  notifyFlushed,
  notifyQueued,
  once,
  outboxKey,
  pendingRecords,
  type FlushResult,
  type OutboxItem,
} from './common';
import { flushFeedbackReports, isFeedbackReport, type QueuedFeedbackReport } from './feedback-reports';
import { offlineStore, type OfflineRecord } from './store';

/**
 * The outbox: writes made while offline (or not yet confirmed), kept as offline records under
 * `outbox:<tag>:<client id>` until the server answers 2xx (stored or duplicate) or rejects them
 * for good (a 4xx validation error). Network errors, 5xx, 429 and an expired session keep them.
 */

/** A client-generated id (uuid v4), also where crypto.randomUUID is missing (insecure origins). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Merges a later piece of a session into the queued one: attempts by client_id, completion kept. */
export function mergeSession(
  queued: OfflineSessionRequest | undefined,
  next: OfflineSessionRequest,
): OfflineSessionRequest {
  if (!queued) return next;
  const attempts = new Map(queued.attempts.map((a) => [a.client_id, a]));
  for (const a of next.attempts) attempts.set(a.client_id, a);
  const active = Math.max(queued.active_ms ?? 0, next.active_ms ?? 0);
  const ended = next.ended ?? queued.ended;
  return {
    ...queued,
    ...(ended ? { ended } : {}),
    completed_at: next.completed_at ?? queued.completed_at,
    ...(active > 0 ? { active_ms: active } : {}),
    attempts: [...attempts.values()],
  };
}

/**
 * Queues the results of practice done offline (sync tag `practice-data`). Call it with the whole
 * session or with pieces of it (same `client_id`, more attempts, `completed_at` at the end):
 * pieces are merged by attempt client_id. `userId` is the learner who practised (by default the one
 * signed in). Throws when there is no learner or the record does not match the upload shape.
 */
export async function queuePracticeData(
  record: OfflineSessionRequest,
  userId: string | null = currentUserId(),
): Promise<void> {
  if (!userId) throw new Error('queuePracticeData needs a signed-in learner');
  const body = offlineSessionRequestSchema.parse(record);
  const key = outboxKey(SYNC_TAGS.practiceData, body.client_id);
  // the device queues its log after each attempt: one event per session practised, and one when it ends
  let news = true;
  await offlineStore.update<OutboxItem<OfflineSessionRequest>>(key, (current) => {
    const earlier = current?.user_id === userId ? current.body : undefined;
    news = !earlier || (earlier.completed_at === null && body.completed_at !== null);
    return { tag: SYNC_TAGS.practiceData, user_id: userId, body: mergeSession(earlier, body) };
  });
  notifyQueued(SYNC_TAGS.practiceData);
  if (!news) return;
  void queueAnalyticsEvent('practice.offline_session', {
    story_id: body.story_id,
    attempts: body.attempts.length,
    completed: body.completed_at !== null,
  });
}

/**
 * Queues one first-party analytics event (sync tag `analytics`). Events of signed-out visitors
 * are dropped (the endpoint is authenticated). Never throws: analytics must not break the app.
 */
export async function queueAnalyticsEvent(name: string, props?: AnalyticsEvent['props']): Promise<boolean> {
  const userId = currentUserId();
  if (!userId) return false;
  const event = { client_id: newClientId(), name, at: new Date().toISOString(), ...(props ? { props } : {}) };
  if (!analyticsEventSchema.safeParse(event).success) return false;
  try {
    await offlineStore.put<OutboxItem<AnalyticsEvent>>(outboxKey(SYNC_TAGS.analytics, event.client_id), {
      tag: SYNC_TAGS.analytics,
      user_id: userId,
      body: event,
    });
  } catch {
    return false; // IndexedDB unavailable (private mode): the event is lost, the app carries on
  }
  notifyQueued(SYNC_TAGS.analytics);
  return true;
}

async function flushPractice(
  records: readonly OfflineRecord<OutboxItem<OfflineSessionRequest>>[],
  result: FlushResult,
): Promise<void> {
  const items = records.filter((r) => !isFeedbackReport(r.data));
  for (const [i, rec] of items.entries()) {
    const { body } = rec.data;
    try {
      // A long merged session goes up in pieces of at most maxAttemptsPerUpload; the server merges them.
      const size = OFFLINE_LIMITS.maxAttemptsPerUpload;
      const pieces = Math.max(1, Math.ceil(body.attempts.length / size));
      for (let p = 0; p < pieces; p++) {
        const last = p === pieces - 1;
        const piece = {
          ...body,
          completed_at: last ? body.completed_at : null,
          attempts: body.attempts.slice(p * size, (p + 1) * size),
          sent_at: new Date().toISOString(), // the server corrects the times by this device's clock
        };
        await call('offlineSession', { body: piece }, once);
      }
      // Rewritten meanwhile (a new piece was merged): keep it, the next flush sends the rest.
      if (await offlineStore.deleteIfUnchanged(rec.key, rec.timestamp)) result.sent++;
      else result.kept++;
    } catch (err) {
      if (isPermanent(err)) {
        console.warn('Dropped an offline practice record the server refused', err);
        await offlineStore.deleteIfUnchanged(rec.key, rec.timestamp);
        result.dropped++;
        continue;
      }
      result.kept += items.length - i;
      throw err;
    }
  }
}

async function flushAnalytics(userId: string, result: FlushResult): Promise<void> {
  const items = (await pendingRecords<AnalyticsEvent>(SYNC_TAGS.analytics)).filter((r) => r.data.user_id === userId);
  for (let i = 0; i < items.length; i += OFFLINE_LIMITS.maxEventsPerBatch) {
    const batch = items.slice(i, i + OFFLINE_LIMITS.maxEventsPerBatch);
    try {
      await call('analyticsEvents', { body: { events: batch.map((r) => r.data.body) } }, once);
      result.sent += batch.length;
    } catch (err) {
      if (!isPermanent(err)) {
        result.kept += items.length - i;
        throw err;
      }
      console.warn('Dropped analytics events the server refused', err);
      result.dropped += batch.length;
    }
    await Promise.all(batch.map((r) => offlineStore.deleteIfUnchanged(r.key, r.timestamp)));
  }
}

const running = new Map<SyncTag, Promise<FlushResult>>();
/** Tags asked to flush while a flush ran: something queued after it listed its records. */
const again = new Set<SyncTag>();

/**
 * Uploads the signed-in learner's queued records of one tag, oldest first, one flush per tag
 * at a time (asked again meanwhile, it runs once more after). Resolves with counts; a network error, 5xx, 429 or expired session stops the flush
 * and keeps the rest (the caller may retry later). Replays are safe: the server is idempotent.
 */
export function flushOutbox(tag: SyncTag): Promise<FlushResult> {
  const existing = running.get(tag);
  if (existing) {
    again.add(tag);
    return existing;
  }
  const run = (async () => {
    const result: FlushResult = { sent: 0, dropped: 0, kept: 0 };
    const userId = currentUserId();
    if (!userId || isOffline()) return result;
    try {
      if (tag === SYNC_TAGS.practiceData) {
        // the learner's records, read once: sessions first, so a report's session is on the server before the report
        const records = (await pendingRecords<unknown>(SYNC_TAGS.practiceData)).filter(
          (r) => r.data.user_id === userId,
        );
        await flushPractice(records as OfflineRecord<OutboxItem<OfflineSessionRequest>>[], result);
        await flushFeedbackReports(records as OfflineRecord<OutboxItem<QueuedFeedbackReport>>[], result);
      } else await flushAnalytics(userId, result);
    } catch {
      /* kept for the next sync */
    }
    // also after a flush stopped part-way: what went up before the error is on the server
    if (result.sent > 0) notifyFlushed(tag, result);
    return result;
  })().finally(() => {
    running.delete(tag);
    if (again.delete(tag)) void flushOutbox(tag);
  });
  running.set(tag, run);
  return run;
}
