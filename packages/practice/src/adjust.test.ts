import { describe, expect, it } from 'vitest';
import { ADJUST, AdjustAdvisor } from './adjust';

/**
 * A hand of 21 points, fingers up, its wrist at (x, y); `s` scales it: the palm (wrist to middle
 * knuckle) is 0.8 s, the fingertips 1.4 s above the wrist, the fingers 1.25 s wide.
 */
function hand(x: number, y: number, s: number) {
  return Array.from({ length: 21 }, (_, i) => {
    const finger = i === 0 ? 3 : Math.ceil(i / 4); // 1 thumb .. 5 pinky; the wrist under the middle finger
    const joint = i === 0 ? 0 : ((i - 1) % 4) + 1;
    return { x: x + (finger - 3) * s * 0.25, y: y - (i === 0 ? 0 : s * (0.6 + joint * 0.2)), z: 0 };
  });
}
const WEBCAM = { width: 320, height: 240 };

describe('AdjustAdvisor: the one thing to adjust when the reading is not sure', () => {
  it('says the hand is cut off when a point reaches the edge of the picture', () => {
    expect(new AdjustAdvisor().push(0, hand(160, 239, 60), WEBCAM)).toBe(ADJUST.outOfView);
  });

  it('says hold still when the palm moves more than 1.5 palm sizes a second', () => {
    const a = new AdjustAdvisor();
    a.push(0, hand(120, 200, 50), WEBCAM);
    a.push(66, hand(135, 200, 50), WEBCAM);
    expect(a.push(133, hand(150, 200, 50), WEBCAM)).toBe(ADJUST.moving); // 30 px in 133 ms: 5.6 palms/s
  });

  it('a small hand is too far, a huge one too close, one in between gets the general advice', () => {
    const far = new AdjustAdvisor();
    far.push(0, hand(160, 200, 15), WEBCAM);
    expect(far.push(66, hand(161, 200, 15), WEBCAM)).toBe(ADJUST.tooFar); // palm 12 px of 240
    const frame = { width: 1000, height: 600 };
    expect(new AdjustAdvisor().push(0, hand(500, 580, 400), frame)).toBe(ADJUST.tooClose); // palm 320 px of 600
    expect(new AdjustAdvisor().push(0, hand(500, 560, 120), frame)).toBe(ADJUST.other); // palm 96 px of 600
  });

  it('says turn the palm toward the camera when a letter signed palm-on is asked and the palm is turned away', () => {
    // the hand turned 70 degrees about the picture's vertical axis (a camera well to one side)
    const a = (70 * Math.PI) / 180;
    const sideways = hand(160, 200, 60).map((p) => ({
      x: 160 + (p.x - 160) * Math.cos(a),
      y: p.y,
      z: -(p.x - 160) * Math.sin(a),
    }));
    expect(new AdjustAdvisor().push(0, sideways, WEBCAM, 'B')).toBe(ADJUST.turnPalm);
    expect(new AdjustAdvisor().push(0, hand(160, 200, 60), WEBCAM, 'B')).toBe(ADJUST.other); // square on
    // C is signed side-on: never told to turn its palm to the camera, even in the general advice
    expect(new AdjustAdvisor().push(0, sideways, WEBCAM, 'C')).toBe(ADJUST.otherAsPictured);
    expect(ADJUST.otherAsPictured).not.toMatch(/palm/);
    expect(new AdjustAdvisor().push(0, sideways, WEBCAM, null)).toBe(ADJUST.other);
    const cut = sideways.map((p, i) => (i === 8 ? { ...p, y: 0 } : p));
    expect(new AdjustAdvisor().push(0, cut, WEBCAM, 'B')).toBe(ADJUST.outOfView); // what to fix first
  });

  it('without the frame size only movement is judged', () => {
    expect(new AdjustAdvisor().push(0, hand(10, 10, 5), null)).toBe(ADJUST.other);
  });
});
