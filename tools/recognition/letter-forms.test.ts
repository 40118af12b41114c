import { describe, expect, it } from 'vitest';
import { indexStraightness, thumbAlongKnuckles } from './letter-forms.js';
import type { Sample } from './train/data.js';

/** A right hand, palm to the camera, fingers up: knuckles 5 (index) to 17 (pinky) along x. */
function hand(moves: Record<number, [number, number]> = {}): Sample {
  const pts: [number, number][] = Array.from({ length: 21 }, () => [0, 0]);
  pts[0] = [1.5, 4];
  [5, 9, 13, 17].forEach((k, f) => {
    for (let j = 0; j < 4; j++) pts[k + j] = [f, -j];
  });
  pts[4] = [-1, 1];
  for (const [i, p] of Object.entries(moves)) pts[Number(i)] = p;
  return {
    source: 'aslnow',
    signer: 's',
    label: 'X',
    shape: 'X',
    xy: Float64Array.from(pts.flat()),
    z: null,
    handedness: 'Right',
  };
}

describe('letter forms', () => {
  it('a straight index reads 1, a hooked one much less', () => {
    expect(indexStraightness(hand())).toBeCloseTo(1, 6);
    // X: the middle and end joints bent back down toward the palm
    expect(indexStraightness(hand({ 7: [0.6, -1.6], 8: [0.9, -0.8] }))).toBeLessThan(0.7);
  });

  it("places the thumb tip along the index-to-pinky knuckles: 0 at the index's, 1 at the pinky's", () => {
    expect(thumbAlongKnuckles(hand({ 4: [0, 0.5] }))).toBeCloseTo(0, 6);
    expect(thumbAlongKnuckles(hand({ 4: [1.5, 0.5] }))).toBeCloseTo(0.5, 6);
    expect(thumbAlongKnuckles(hand({ 4: [3, 0.2] }))).toBeCloseTo(1, 6);
  });
});
