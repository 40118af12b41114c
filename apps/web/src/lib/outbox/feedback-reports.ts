import { SYNC_TAGS, feedbackReportRequestSchema, type FeedbackReportRequest } from '@asl/protocol';
import { ApiError } from '../api/api-error';
import { call, type CallOptions } from '../api/call';
import { currentUserId, isPermanent, notifyQueued, once, outboxKey, type FlushResult, type OutboxItem } from './common';
import { offlineStore, type OfflineRecord } from './store';

/**
 * "This feedback is wrong" reports go through the outbox, so one pressed while the connection is
 * down, or just before the tab is closed, is sent when the app is next online. They are practice
 * data (the spec names two background syncs, practice-data and analytics), queued under that tag
 * as records of their own kind, sent after the tag's sessions.
 */
export type QueuedFeedbackReport = FeedbackReportRequest & { client_id: string };

export const isFeedbackReport = (item: OutboxItem<unknown>) => item.kind === 'feedback-report';

export const feedbackReportKey = (clientId: string) => outboxKey(SYNC_TAGS.practiceData, `report-${clientId}`);

/** Keeps a report until the server has it. Throws without a signed-in learner, or when the report does not match the upload shape. */
export async function queueFeedbackReport(report: QueuedFeedbackReport): Promise<void> {
  const userId = currentUserId();
  if (!userId) throw new Error('queueFeedbackReport needs a signed-in learner');
  const body = feedbackReportRequestSchema.parse(report) as QueuedFeedbackReport;
  await offlineStore.put<OutboxItem<QueuedFeedbackReport>>(feedbackReportKey(body.client_id), {
    tag: SYNC_TAGS.practiceData,
    user_id: userId,
    kind: 'feedback-report',
    body,
  });
  notifyQueued(SYNC_TAGS.practiceData);
}

/**
 * Sends one report (`options`: the outbox's one try by default); a report whose practice session
 * the server does not have (none stored yet) goes again without it.
 */
export async function sendFeedbackReport(body: FeedbackReportRequest, options: CallOptions = once): Promise<void> {
  try {
    await call('feedbackReport', { body }, options);
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'SESSION_NOT_FOUND' && body.session_id)) throw err;
    const { session_id: _, ...withoutSession } = body;
    await call('feedbackReport', { body: withoutSession }, options);
  }
}

/** Sends the reports among a learner's queued practice-data records, oldest first; the server stores each client_id once. */
export async function flushFeedbackReports(
  records: readonly OfflineRecord<OutboxItem<QueuedFeedbackReport>>[],
  result: FlushResult,
): Promise<void> {
  const items = records.filter((r) => isFeedbackReport(r.data));
  for (const [i, rec] of items.entries()) {
    try {
      await sendFeedbackReport(rec.data.body);
      result.sent++;
    } catch (err) {
      if (!isPermanent(err)) {
        result.kept += items.length - i;
        throw err;
      }
      console.warn('Dropped a feedback report the server refused', err);
      result.dropped++;
    }
    await offlineStore.deleteIfUnchanged(rec.key, rec.timestamp);
  }
}
