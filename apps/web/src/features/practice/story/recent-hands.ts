import { REPORT_MAX_FRAMES, REPORT_MOVEMENT_MS, type DetectedHand, type FeedbackReportRequest } from '@asl/protocol';

export type ReportFrame = NonNullable<FeedbackReportRequest['frames']>[number];

/**
 * The hands of the last REPORT_MOVEMENT_MS (at most REPORT_MAX_FRAMES), for "This feedback is
 * wrong": a J or Z is drawn, so the reading of one is the movement before it, not one hand.
 */
export class RecentHands {
  private frames: { at: number; landmarks: DetectedHand['landmarks'] | null }[] = [];

  /** One processed frame at `at` ms (a monotonic clock) and its hand, null when none was seen. */
  push(at: number, hand: DetectedHand | null): void {
    this.frames.push({ at, landmarks: hand?.landmarks ?? null });
    while (this.frames.length > REPORT_MAX_FRAMES || at - this.frames[0]!.at > REPORT_MOVEMENT_MS) this.frames.shift();
  }

  /** The frames kept, oldest first, their times in ms after the first. */
  snapshot(): ReportFrame[] {
    const first = this.frames[0]?.at ?? 0;
    return this.frames.map((f) => ({ t: Math.round(f.at - first), landmarks: f.landmarks }));
  }
}
