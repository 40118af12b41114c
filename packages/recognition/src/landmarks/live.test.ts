import { describe, expect, it } from 'vitest';
import { LIVE_PIPELINE_OPTIONS, rgbaToRgb, toDetectedHand } from './live.js';

describe('live frames, shared by the server and the browser', () => {
  it('read a webcam frame unmirrored, one hand, palm search at pad 1 then 2 (more when weak, then turned), every other tracked frame mirrored, a 192 crop', () => {
    expect(LIVE_PIPELINE_OPTIONS).toEqual({
      variant: 'full',
      maxHands: 1,
      handedness: 'unmirrored',
      detectAttempts: [
        { pad: 1 },
        { pad: 2 },
        { pad: 1.5 },
        { pad: 3 },
        { pad: 2, rotate: 90 },
        { pad: 2, rotate: -90 },
        { pad: 2, rotate: 180 },
      ],
      retryBelow: 0.9,
      alternateMirror: true,
      landmarkSize: 192,
      idleSearch: true,
      predictMotion: true,
    });
  });

  it('send landmarks to a tenth of a pixel and the score to three decimals', () => {
    const landmarks = Array.from({ length: 21 }, (_, i) => [i + 0.04, i + 0.06, -i - 0.25] as [number, number, number]);
    const hand = toDetectedHand({ landmarks, handedness: 'right', score: 0.98765 });
    expect(hand.landmarks[3]).toEqual([3, 3.1, -3.2]);
    expect(hand.handedness).toBe('right');
    expect(hand.score).toBe(0.988);
  });

  it('drop the alpha channel of RGBA pixels', () => {
    const rgba = Uint8ClampedArray.from([1, 2, 3, 255, 4, 5, 6, 0]);
    expect([...rgbaToRgb(rgba, 2, 1)]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
