import { describe, expect, it } from 'vitest';
import { feedbackReportRequestSchema, REPORT_MAX_FRAMES, REPORT_MOVEMENT_MS } from './practice';

const hand = Array.from({ length: 21 }, (_, i) => [i, i, 0] as [number, number, number]);
const base = { target: 'Z', detected: 'D' };

describe('a feedback report', () => {
  it('may carry the movement before the reading: up to REPORT_MAX_FRAMES frames within REPORT_MOVEMENT_MS', () => {
    const frames = Array.from({ length: REPORT_MAX_FRAMES }, (_, i) => ({
      t: Math.round((i * REPORT_MOVEMENT_MS) / (REPORT_MAX_FRAMES - 1)),
      landmarks: i % 7 === 3 ? null : hand,
    }));
    expect(feedbackReportRequestSchema.safeParse({ ...base, landmarks: hand, frames }).success).toBe(true);
    expect(feedbackReportRequestSchema.safeParse(base).success).toBe(true);
  });

  it('refuses more frames, a later time, or a hand that is not 21 points', () => {
    const frame = { t: 0, landmarks: hand };
    const bad = [
      Array.from({ length: REPORT_MAX_FRAMES + 1 }, () => frame),
      [frame, { t: REPORT_MOVEMENT_MS + 1, landmarks: hand }],
      [{ t: -1, landmarks: hand }],
      [{ t: 0, landmarks: hand.slice(1) }],
      [{ t: 0 }],
    ];
    for (const frames of bad) {
      const r = feedbackReportRequestSchema.safeParse({ ...base, frames });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.path[0]).toBe('frames');
    }
  });
});
