import { describe, expect, it } from 'vitest';
import { LostStrokeWatch, type Palm } from './lost-stroke';

const palm = (x: number, y = 100, atEdge = false): Palm => ({ x, y, size: 40, atEdge });

/** 15 fps: a hand held at x 100, then moving `step` pixels a frame for 3 frames, then gone for `gone` frames. */
function stroke(w: LostStrokeWatch, step: number, gone: number, atEdge = false): number {
  let t = 0;
  for (let i = 0; i < 5; i++) w.push((t += 67), palm(100), false);
  for (let i = 1; i <= 3; i++) w.push((t += 67), palm(100 + i * step, 100, atEdge && i === 3), false);
  for (let i = 0; i < gone; i++) expect(w.push((t += 67), null, false)).toBe(false);
  return t;
}

describe('LostStrokeWatch', () => {
  it('a hand lost in the middle of a fast stroke and found again within a second: draw more slowly, for a while', () => {
    const w = new LostStrokeWatch();
    // 30 px a frame at 15 fps, palm 40 px: 11 palms a second
    let t = stroke(w, 30, 8);
    expect(w.push((t += 67), palm(220), false)).toBe(true);
    expect(w.push((t += 3000), palm(220), false)).toBe(true);
    expect(w.push(t + 1100, palm(220), false)).toBe(false);
  });

  it('not when the hand moved slowly before it was lost (a hand lowered or covered)', () => {
    const w = new LostStrokeWatch();
    // 2 px a frame: 0.75 palms a second
    const t = stroke(w, 2, 4);
    expect(w.push(t + 67, palm(110), false)).toBe(false);
  });

  it('not when the hand left the picture at its edge', () => {
    const w = new LostStrokeWatch();
    const t = stroke(w, 30, 4, true);
    expect(w.push(t + 67, palm(220), false)).toBe(false);
  });

  it('not when the hand came back after more than a second', () => {
    const w = new LostStrokeWatch();
    const t = stroke(w, 30, 16);
    expect(w.push(t + 67, palm(220), false)).toBe(false);
  });

  it('a letter read from the path ends it', () => {
    const w = new LostStrokeWatch();
    let t = stroke(w, 30, 4);
    expect(w.push((t += 67), palm(220), false)).toBe(true);
    expect(w.push((t += 67), palm(220), true)).toBe(false);
    expect(w.push(t + 67, palm(220), false)).toBe(false);
  });
});
