import { describe, expect, it } from 'vitest';
import {
  canonicalize,
  depthFeatures,
  extractFeatures,
  FEATURE_NAMES,
  FEATURE_SIZE,
  palmFrame,
  palmSize,
  toXY,
  Z_FEATURE_NAMES,
  Z_FEATURE_SIZE,
  PALM_POINT_FEATURE_NAMES,
  PALM_POINT_FEATURE_SIZE,
  featureSize,
} from './normalize.js';
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

describe('depth features (useZ)', () => {
  // a synthetic but fixed z for a real hand: tips closer to the camera than the wrist
  const withDepth = (lm: readonly { x: number; y: number }[]) =>
    lm.map((p, i) => ({ ...p, z: -0.03 * (i % 4) * palmSize(toXY(lm)) + 0.01 * p.x }));
  const hand = withDepth(samplesOf('V', 'boris')[0].landmarks);

  it('appends a named block; all zeros with the flag off when z is missing', () => {
    expect(Z_FEATURE_NAMES.length).toBe(Z_FEATURE_SIZE);
    const f = extractFeatures(samplesOf('V', 'boris')[0].landmarks, 'Unknown', 'chirality', true);
    expect(f.length).toBe(FEATURE_SIZE + Z_FEATURE_SIZE);
    expect(Array.from(f.slice(FEATURE_SIZE)).every((v) => v === 0)).toBe(true);
    const g = extractFeatures(hand, 'Unknown', 'chirality', true);
    expect(g[FEATURE_SIZE]).toBe(1);
    expect(Array.from(g).every(Number.isFinite)).toBe(true);
  });

  it('is invariant to 3-D rotation and scale of the landmark cloud', () => {
    const a = 0.5,
      b = -0.4,
      c = 0.3;
    const rot = hand.map((p) => {
      let { x, y, z } = p as { x: number; y: number; z: number };
      [y, z] = [Math.cos(a) * y - Math.sin(a) * z, Math.sin(a) * y + Math.cos(a) * z];
      [x, z] = [Math.cos(b) * x + Math.sin(b) * z, -Math.sin(b) * x + Math.cos(b) * z];
      [x, y] = [Math.cos(c) * x - Math.sin(c) * y, Math.sin(c) * x + Math.cos(c) * y];
      return { x: 3 * x + 7, y: 3 * y - 2, z: 3 * z };
    });
    for (const palmPoints of [false, true]) {
      const f = depthFeatures(
        toXY(hand),
        hand.map((p) => p.z),
        false,
        palmPoints,
      );
      const g = depthFeatures(
        toXY(rot),
        rot.map((p) => p.z),
        false,
        palmPoints,
      );
      expect(f.length).toBe(Z_FEATURE_SIZE + (palmPoints ? PALM_POINT_FEATURE_SIZE : 0));
      close(f, g, 1e-9);
    }
  });

  it('palm points: every landmark but the wrist in the palm frame, zero without z', () => {
    expect(PALM_POINT_FEATURE_NAMES.length).toBe(PALM_POINT_FEATURE_SIZE);
    expect(featureSize(true, true)).toBe(FEATURE_SIZE + Z_FEATURE_SIZE + PALM_POINT_FEATURE_SIZE);
    expect(featureSize(false, true)).toBe(FEATURE_SIZE);
    const f = extractFeatures(hand, 'Unknown', 'chirality', true, true);
    const block = f.slice(FEATURE_SIZE + Z_FEATURE_SIZE);
    expect(block.length).toBe(PALM_POINT_FEATURE_SIZE);
    // the middle finger's knuckle (landmark 9) lies on the palm's long axis u, in the palm plane
    const at = (i: number, k: number) => block[3 * (i - 1) + k];
    expect(at(9, 0)).toBeGreaterThan(0.5);
    expect(Math.abs(at(9, 1))).toBeLessThan(1e-9);
    // the index knuckle (5) and the pinky knuckle (17) lie on either side of it across the palm
    expect(at(17, 1) - at(5, 1)).toBeGreaterThan(0.3);
    const flat = extractFeatures(samplesOf('V', 'boris')[0].landmarks, 'Unknown', 'chirality', true, true);
    expect(Array.from(flat.slice(FEATURE_SIZE)).every((v) => v === 0)).toBe(true);
    close(
      extractFeatures(hand, 'Unknown', 'chirality', true, true),
      extractFeatures(mirrorX(hand), 'Unknown', 'chirality', true, true),
      1e-9,
    );
  });

  it('chirality mode keeps the depth block mirror-invariant', () => {
    const f = extractFeatures(hand, 'Unknown', 'chirality', true);
    const g = extractFeatures(mirrorX(hand), 'Unknown', 'chirality', true);
    close(f, g, 1e-9);
  });
});

describe('palmFrame', () => {
  /** wrist-relative points: only the wrist (0), index (5), middle (9) and little (17) knuckles matter */
  const points = (knuckles: Record<number, [number, number, number]>) => {
    const P = new Float64Array(63);
    for (const [i, p] of Object.entries(knuckles)) P.set(p, 3 * Number(i));
    return P;
  };

  it('is the palm plane: u up the palm, v across the knuckles square to it, n their normal', () => {
    const f = palmFrame(points({ 5: [-1, -2, 0.5], 9: [0, -2, 0], 17: [2, -1.5, -0.5] }));
    expect(f.degenerate).toBe(false);
    expect(f.u).toEqual([0, -1, 0]);
    // across (3, 0.5, -1) without its part along u: (3, 0, -1), made unit
    expect(f.v[0]).toBeCloseTo(3 / Math.sqrt(10), 12);
    expect(f.v[1]).toBeCloseTo(0, 12);
    expect(f.v[2]).toBeCloseTo(-1 / Math.sqrt(10), 12);
    expect(Math.hypot(...f.n)).toBeCloseTo(1, 12);
    expect(f.n[0] * f.u[0] + f.n[1] * f.u[1] + f.n[2] * f.u[2]).toBeCloseTo(0, 12);
  });

  it('says nothing for a palm with no length or no width', () => {
    expect(palmFrame(points({ 5: [-1, -2, 0], 17: [2, -2, 0] })).degenerate).toBe(true);
    expect(palmFrame(points({ 5: [0, -1, 0], 9: [0, -2, 0], 17: [0, -3, 0] })).degenerate).toBe(true);
  });
});
