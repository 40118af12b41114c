import type { FeedbackReportRequest } from '@asl/protocol';
import { queueFeedbackReport, sendFeedbackReport } from '../../../../lib/outbox';

/**
 * "This feedback is wrong": the target, what was read and the hand's joints (never the image).
 * Kept in the outbox until the server has it (sent at once when online, after a lost connection
 * or a closed tab when the app is next online); where the browser cannot keep it (no IndexedDB),
 * sent straight away with the usual retries, and again without the session if the server has no
 * row for it yet.
 */
export async function reportFeedback(report: FeedbackReportRequest & { client_id: string }): Promise<void> {
  try {
    await queueFeedbackReport(report);
  } catch {
    await sendFeedbackReport(report, {});
  }
}
