import { describe, expect, it } from 'vitest';
import { canonicalize, extractFeatures, FEATURE_NAMES, FEATURE_SIZE, palmSize, toXY } from './normalize.js';
import { FIXTURES, mirrorX, samplesOf } from './__fixtures__/fixtures.js';

const close = (a: ArrayLike<number>, b: ArrayLike<number>, eps = 1e-9) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThan(eps);
};

describe('normalize', () => {
  const hand = samplesOf('B', 'boris')[0].landmarks;

  it('puts the wrist at the origin and the palm at unit size', () => {
    const p = canonicalize(toXY(hand), 'Right');
    expect(p[0]).toBe(0);
    expect(p[1]).toBe(0);
    expect(palmSize(p)).toBeCloseTo(1, 9);
  });

  it('is invariant to translation and uniform scale', () => {
    const moved = hand.map((q) => ({ x: q.x * 2.5 + 100, y: q.y * 2.5 - 40 }));
    close(extractFeatures(hand, 'Right'), extractFeatures(moved, 'Right'));
  });

  it('mirrors left hands onto right hands', () => {
    close(extractFeatures(hand, 'Right'), extractFeatures(mirrorX(hand), 'Left'));
    // and without the handedness the mirrored hand really is different
    const a = extractFeatures(hand, 'Right');
    const b = extractFeatures(mirrorX(hand), 'Right');
    expect(Math.max(...a.map((v, i) => Math.abs(v - b[i])))).toBeGreaterThan(0.1);
  });

  it('chirality mode is mirror-invariant whatever the handedness says', () => {
    for (const s of FIXTURES.slice(0, 40)) {
      close(
        extractFeatures(s.landmarks, 'Unknown', 'chirality'),
        extractFeatures(mirrorX(s.landmarks), 'Unknown', 'chirality'),
      );
    }
  });

  it('has a fixed, named feature vector of finite numbers', () => {
    expect(FEATURE_NAMES.length).toBe(FEATURE_SIZE);
    for (const s of FIXTURES) {
      const f = extractFeatures(s.landmarks, 'Unknown');
      expect(f.length).toBe(FEATURE_SIZE);
      expect(f.every(Number.isFinite)).toBe(true);
    }
  });

  it('rejects wrong landmark counts and degenerate hands', () => {
    expect(() => extractFeatures(hand.slice(0, 20), 'Right')).toThrow(/21/);
    expect(() =>
      extractFeatures(
        hand.map(() => ({ x: 1, y: 1 })),
        'Right',
      ),
    ).toThrow(/degenerate/);
  });
});
