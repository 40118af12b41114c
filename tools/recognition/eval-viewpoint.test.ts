import { describe, expect, it } from 'vitest';
import { viewedFrom } from './eval-viewpoint.js';
import type { Sample } from './train/data.js';

const hand: Sample = {
  source: 'aslhg',
  signer: 'P1',
  label: 'B',
  shape: 'B',
  xy: Float64Array.from({ length: 42 }, (_, i) => (i % 2 ? 100 - 3 * i : 50 + i)),
  z: Float64Array.from({ length: 21 }, (_, i) => -i),
  handedness: 'Right',
};

describe('viewedFrom', () => {
  it('leaves the hand as it is at no angle, and keeps the wrist in place at any angle', () => {
    const same = viewedFrom(hand, 0, 0);
    same.forEach((p, i) => {
      expect(p.x).toBeCloseTo(hand.xy[2 * i]!, 9);
      expect(p.y).toBeCloseTo(hand.xy[2 * i + 1]!, 9);
      expect(p.z).toBeCloseTo(hand.z![i]!, 9);
    });
    const turned = viewedFrom(hand, 30, -20);
    expect(turned[0]!.x).toBeCloseTo(hand.xy[0]!, 9);
    expect(turned[0]!.y).toBeCloseTo(hand.xy[1]!, 9);
    expect(turned[0]!.z).toBeCloseTo(hand.z![0]!, 9);
  });

  it('turns in 3-D: distances from the wrist are kept, the picture changes', () => {
    const d = (p: { x: number; y: number; z?: number }, q: { x: number; y: number; z?: number }) =>
      Math.hypot(p.x - q.x, p.y - q.y, (p.z ?? 0) - (q.z ?? 0));
    const a = viewedFrom(hand, 0, 0);
    const b = viewedFrom(hand, 30, 0);
    for (let i = 1; i < 21; i++) expect(d(b[i]!, b[0]!)).toBeCloseTo(d(a[i]!, a[0]!), 9);
    expect(Math.abs(b[12]!.y - a[12]!.y)).toBeGreaterThan(1);
    expect(() => viewedFrom({ ...hand, z: null }, 10, 0)).toThrow(/depth/);
  });
});
