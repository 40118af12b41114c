import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import weights from './weights.json';
import {
  classify,
  classifyReadings,
  getDefaultModel,
  loadModel,
  restrict,
  shapeProbabilities,
  type WeightsJson,
} from './classifier.js';
import { SHAPE_CLASSES, STATIC_LETTERS } from './labels.js';
import { FIXTURES, mirrorX, samplesOf } from './__fixtures__/fixtures.js';

const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

describe('classifier', () => {
  it('ships small weights that load', () => {
    const size = statSync(fileURLToPath(new URL('./weights.json', import.meta.url))).size;
    expect(size).toBeLessThan(400 * 1024);
    expect(getDefaultModel().classes).toEqual([...SHAPE_CLASSES]);
  });

  it('restricts and renormalises over the allowed class set', () => {
    const lm = samplesOf('V')[0].landmarks;
    const letters = classify(lm, 'Unknown', 'letters');
    const digits = classify(lm, 'Unknown', 'digits');
    const all = classify(lm, 'Unknown', 'all');
    expect(Object.keys(letters.probabilities).sort()).toEqual([...STATIC_LETTERS].sort());
    expect(Object.keys(digits.probabilities).sort()).toEqual('0123456789'.split(''));
    expect(Object.keys(all.probabilities).length).toBe(SHAPE_CLASSES.length);
    for (const r of [letters, digits, all]) expect(sum(r.probabilities)).toBeCloseTo(1, 9);
    expect(letters.confidence).toBe(letters.probabilities[letters.label]);
  });

  it('reads a shared handshape as the letter or the digit depending on the restriction', () => {
    const pairs: [string, string][] = [
      ['V', '2'],
      ['W', '6'],
      ['F', '9'],
      ['O', '0'],
    ];
    for (const [letter, digit] of pairs) {
      const hits = samplesOf(letter, 'boris').filter((s) => {
        return (
          classify(s.landmarks, 'Unknown', 'letters').label === letter &&
          classify(s.landmarks, 'Unknown', 'digits').label === digit
        );
      });
      expect(hits.length, `${letter}/${digit}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('classifies the (seen-signer) fixture samples; a sanity check, not a generalisation figure', () => {
    const ok = FIXTURES.filter((s) => classify(s.landmarks, 'Unknown', 'letters').label === s.label).length;
    expect(ok / FIXTURES.length).toBeGreaterThanOrEqual(0.85);
  });

  it('gives the same answer for a left hand given as Left as for the right hand', () => {
    for (const s of FIXTURES.slice(0, 30)) {
      const a = classify(s.landmarks, 'Right', 'letters');
      const b = classify(mirrorX(s.landmarks), 'Left', 'letters');
      expect(b.label).toBe(a.label);
      expect(b.confidence).toBeCloseTo(a.confidence, 9);
    }
  });

  it('with withoutZView, reads a hand with z with and without its depth features and averages the two', () => {
    const json = weights as unknown as WeightsJson;
    const both = loadModel({ ...json, useZ: true, withoutZView: true });
    const one = loadModel({ ...json, useZ: true, withoutZView: false });
    const flat = samplesOf('V', 'boris')[0].landmarks;
    // fingertips nearer the camera than the wrist, as MediaPipe's z says for a raised hand
    const hand = flat.map((p, i) => ({
      ...p,
      z: -0.3 * Math.hypot(p.x - flat[0].x, p.y - flat[0].y) * (i % 4 === 0 ? 1.5 : 1),
    }));
    const withZ = shapeProbabilities(hand, 'Unknown', one);
    const withoutZ = shapeProbabilities(flat, 'Unknown', one);
    const mean = shapeProbabilities(hand, 'Unknown', both);
    expect(Math.max(...withZ.map((p, k) => Math.abs(p - withoutZ[k])))).toBeGreaterThan(1e-4);
    mean.forEach((p, k) => expect(p).toBeCloseTo((withZ[k] + withoutZ[k]) / 2, 12));
    // a hand without z has one reading either way
    const flatBoth = shapeProbabilities(flat, 'Unknown', both);
    flatBoth.forEach((p, k) => expect(p).toBeCloseTo(withoutZ[k], 12));
  });

  it('refuses weights that do not fit the feature code', () => {
    const bad = {
      version: 1,
      mirrorMode: 'handedness',
      classes: ['A'],
      featureSize: 3,
      mean: [],
      std: [],
      layers: [],
    } as WeightsJson;
    expect(() => loadModel(bad)).toThrow(/features/);
  });

  it('restrict falls back to a uniform distribution when the model gives the set no mass', () => {
    const m = getDefaultModel();
    const probs = new Float64Array(m.classes.length);
    probs[m.classes.indexOf('A')] = 1;
    const r = restrict(probs, m, 'digits');
    expect(r.confidence).toBeCloseTo(0.1, 9);
  });
});

describe('classifyReadings (a photo read as taken and mirrored)', () => {
  it('one reading is classify itself', () => {
    for (const s of FIXTURES.slice(0, 20))
      expect(classifyReadings([{ landmarks: s.landmarks, handedness: 'Unknown' }], 'letters')).toEqual(
        classify(s.landmarks, 'Unknown', 'letters'),
      );
  });

  it('averages the readings: two readings of different letters share the probability between them', () => {
    const a = samplesOf('A')[0].landmarks;
    const b = samplesOf('B')[0].landmarks;
    const ca = classify(a, 'Unknown', 'letters');
    const cb = classify(b, 'Unknown', 'letters');
    const both = classifyReadings(
      [
        { landmarks: a, handedness: 'Unknown' },
        { landmarks: b, handedness: 'Unknown' },
      ],
      'letters',
    );
    const m = getDefaultModel();
    const pa = shapeProbabilities(a, 'Unknown', m, m.readingsTemperature);
    const pb = shapeProbabilities(b, 'Unknown', m, m.readingsTemperature);
    const mean = restrict(
      pa.map((v, i) => (v + pb[i]) / 2),
      m,
      'letters',
      m.readingsSureThreshold,
    );
    for (const k of ['A', 'B', 'S']) expect(both.probabilities[k]).toBeCloseTo(mean.probabilities[k], 12);
    expect(both.probabilities.A).toBeGreaterThan(0.3);
    expect(both.probabilities.B).toBeGreaterThan(0.3);
    expect(sum(both.probabilities)).toBeCloseTo(1, 9);
    // neither letter is sure when the two readings disagree
    expect(both.confidence).toBeLessThan(Math.max(ca.confidence, cb.confidence));
  });

  it('refuses no readings', () => {
    expect(() => classifyReadings([], 'letters')).toThrow(/at least one/);
  });
});
