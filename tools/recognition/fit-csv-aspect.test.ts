import { describe, expect, it } from 'vitest';
import { matchingFactor, median, palmRatio } from './fit-csv-aspect.js';

/** An open palm, fingers up, in square units: knuckles 0.6 wide, palm 1 long. */
function palm(squash = 1, turn = 0): Float64Array {
  const pts: [number, number][] = Array.from({ length: 21 }, () => [0, 0]);
  pts[0] = [0, 0];
  pts[5] = [-0.3, -1];
  pts[9] = [-0.1, -1];
  pts[13] = [0.1, -1];
  pts[17] = [0.3, -1];
  const c = Math.cos(turn);
  const s = Math.sin(turn);
  const xy = new Float64Array(42);
  pts.forEach(([x, y], i) => {
    xy[2 * i] = (x * c - y * s) / squash;
    xy[2 * i + 1] = x * s + y * c;
  });
  return xy;
}

describe('fit-csv-aspect', () => {
  it('palmRatio is knuckle width over palm length, x widened by k', () => {
    expect(palmRatio(palm())).toBeCloseTo(0.6 / Math.hypot(0.1, 1), 6);
    expect(palmRatio(palm(1.3), 1.3)).toBeCloseTo(palmRatio(palm()), 6);
  });

  it('median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('finds the squash of hands recorded in a frame of unknown aspect', () => {
    const truth = [-0.4, -0.2, 0, 0.2, 0.4].map((t) => palm(1, t));
    const target = median(truth.map((xy) => palmRatio(xy)));
    const squashed = [-0.4, -0.2, 0, 0.2, 0.4].map((t) => palm(1.3, t));
    expect(matchingFactor(squashed, target)).toBeCloseTo(1.3, 1);
    expect(matchingFactor(truth, target)).toBeCloseTo(1, 1);
  });
});
