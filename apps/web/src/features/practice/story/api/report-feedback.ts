import type { FeedbackReportRequest } from '@asl/protocol';
import { request } from '../../../../lib/api/client';

/** "This feedback is wrong": sends the target, what was read and the landmarks (never the image). */
export function reportFeedback(report: FeedbackReportRequest): Promise<{ id: string | null; duplicate: boolean }> {
  return request('/feedback-reports', { body: report });
}
