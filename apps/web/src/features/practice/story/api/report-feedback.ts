import type { FeedbackReportRequest, FeedbackReportResponse } from '@asl/protocol';
import { call } from '../../../../lib/api/call';

/** "This feedback is wrong": sends the target, what was read and the landmarks (never the image). */
export function reportFeedback(report: FeedbackReportRequest): Promise<FeedbackReportResponse> {
  return call('feedbackReport', { body: report });
}
