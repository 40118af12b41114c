import { REPORT_MAX_FRAMES, REPORT_MOVEMENT_MS, type DetectedHand } from '@asl/protocol';
import { describe, expect, it } from 'vitest';
import { RecentHands } from './recent-hands';

const hand = (x: number): DetectedHand => ({
  landmarks: Array.from({ length: 21 }, (_, i) => [x + i, 100 + i, -i] as [number, number, number]),
  handedness: 'right',
  score: 0.9,
});

describe('RecentHands: the movement a report carries', () => {
  it('keeps the last 2.5 s, oldest first, with no-hand frames as null and times from the first kept', () => {
    const r = new RecentHands();
    for (let i = 0; i <= 40; i++) r.push(1000 + i * 100, i % 10 === 7 ? null : hand(i)); // 10 fps for 4 s
    const frames = r.snapshot();
    expect(frames).toHaveLength(REPORT_MOVEMENT_MS / 100 + 1);
    expect(frames[0]).toEqual({ t: 0, landmarks: hand(15).landmarks });
    expect(frames.at(-1)).toEqual({ t: REPORT_MOVEMENT_MS, landmarks: hand(40).landmarks });
    expect(frames.filter((f) => f.landmarks === null)).toHaveLength(3); // frames 17, 27 and 37
  });

  it('keeps at most REPORT_MAX_FRAMES', () => {
    const r = new RecentHands();
    for (let i = 0; i < 200; i++) r.push(i * 5, hand(i)); // 200 fps
    const frames = r.snapshot();
    expect(frames).toHaveLength(REPORT_MAX_FRAMES);
    expect(frames.at(-1)!.landmarks).toEqual(hand(199).landmarks);
  });
});
