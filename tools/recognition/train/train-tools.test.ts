import { describe, expect, it } from 'vitest';
import { Rng } from './rng.js';
import { augmentXY } from './augment.js';
import { computeStandardizer, accuracy, DEFAULT_TRAIN, train } from './trainer.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultExtractedDir, extractedDirFor, loadExtraReadings, roleOf, type Sample } from './data.js';
import { readingsOption, TRAIN_EXTRA_READINGS } from './readings.js';
import { shapeClassOf } from '../../../packages/recognition/src/handshape/labels.js';

const sample = (source: Sample['source'], signer: string): Sample => ({
  source,
  signer,
  label: 'A',
  shape: 'A',
  xy: new Float64Array(42),
  z: null,
  handedness: 'Unknown',
});

describe('split by signer', () => {
  it('never puts the held-out signers in train or validation', () => {
    expect(roleOf(sample('massey', 'hand4'), true)).toBe('test');
    expect(roleOf(sample('massey', 'hand3'), true)).toBe('val');
    expect(roleOf(sample('massey', 'hand1'), true)).toBe('train');
    expect(roleOf(sample('digits', 'g140'), true)).toBe('test');
    expect(roleOf(sample('digits', 'g175'), true)).toBe('test');
    expect(roleOf(sample('digits', 'g139'), true)).toBe('val');
    expect(roleOf(sample('digits', 'g12'), true)).toBe('train');
    expect(roleOf(sample('signn', 'signn'), true)).toBe('train');
    expect(roleOf(sample('signn', 'signn'), false)).toBe('val');
    expect(roleOf(sample('aslhg', 'P10'), true)).toBe('val');
    expect(roleOf(sample('aslhg', 'P1'), true)).toBe('train');
    expect(roleOf(sample('aslnow', 'aslnow'), true)).toBe('train');
  });
});

describe('extra landmark readings', () => {
  it('defaults to the shipped readings, takes a list, and `none` turns them off', () => {
    expect(readingsOption(undefined)).toEqual(TRAIN_EXTRA_READINGS);
    expect(TRAIN_EXTRA_READINGS).toEqual(['full-int8-all']);
    expect(readingsOption('none')).toEqual([]);
    expect(readingsOption('lite,/tmp/x')).toEqual(['lite', '/tmp/x']);
  });

  it('reads a variant from its own subfolder, the default model from the extracted folder itself', () => {
    expect(extractedDirFor('full')).toBe(defaultExtractedDir());
    expect(extractedDirFor('full-int8-all')).toBe(join(defaultExtractedDir(), 'full-int8-all'));
  });

  it('loads the detected rows of a folder, and says how to make missing ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'readings-'));
    try {
      const head = ['source', 'file', 'label', 'signer', 'detected', 'handedness', 'score'];
      for (let i = 0; i < 21; i++) head.push(`x${i}`, `y${i}`, `z${i}`);
      const coords = Array.from({ length: 63 }, (_, i) => String((i * 7) % 50));
      const row = (set: string, label: string, signer: string, detected: boolean) =>
        [
          set,
          `${label}.jpg`,
          label,
          signer,
          detected ? '1' : '0',
          'right',
          '0.9',
          ...(detected ? coords : Array(63).fill('')),
        ].join(',');
      writeFileSync(
        join(dir, 'massey.csv'),
        [head.join(','), row('massey', 'a', 'hand1', true), row('massey', 'b', 'hand1', false)].join('\n'),
      );
      writeFileSync(join(dir, 'digits.csv'), [head.join(','), row('digits', '3', 'g12', true)].join('\n'));
      const rows = loadExtraReadings([dir]);
      expect(rows.map((r) => `${r.source}:${r.signer}:${r.label}`)).toEqual(['massey:hand1:A', 'digits:g12:3']);
      expect(() => loadExtraReadings([join(dir, 'nothing')])).toThrow(/no massey.csv and digits.csv/);
      // a folder with only some photo sets gives those
      rmSync(join(dir, 'massey.csv'));
      expect(loadExtraReadings([dir]).map((r) => r.source)).toEqual(['digits']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('labels', () => {
  it('maps shared digit shapes to letters and drops the motion letters', () => {
    expect(shapeClassOf('2')).toBe('V');
    expect(shapeClassOf('9')).toBe('F');
    expect(shapeClassOf('a')).toBe('A');
    expect(shapeClassOf('7')).toBe('7');
    expect(shapeClassOf('J')).toBeNull();
    expect(shapeClassOf('z')).toBeNull();
  });
});

describe('rng and augmentation', () => {
  it('is deterministic for a seed', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 5 }, () => b.next()));
    expect(new Rng(43).next()).not.toBe(xs[0]);
  });

  it('keeps the wrist fixed and is the identity with no jitter', () => {
    const xy = Float64Array.from({ length: 42 }, (_, i) => 100 + ((i * 37) % 50));
    const same = augmentXY(
      xy,
      new Rng(1),
      { aspectLogStd: 0, maxRotationDeg: 0, scaleLog: 0, noise: 0, mirrorProb: 0 },
      false,
    );
    for (let i = 0; i < 42; i++) expect(same[i]).toBeCloseTo(xy[i], 9);
    const moved = augmentXY(
      xy,
      new Rng(1),
      { aspectLogStd: 0.2, maxRotationDeg: 20, scaleLog: 0.1, noise: 0, mirrorProb: 0 },
      true,
    );
    expect(moved[0]).toBeCloseTo(xy[0], 9);
    expect(moved[1]).toBeCloseTo(xy[1], 9);
    expect(Math.abs(moved[10] - xy[10])).toBeGreaterThan(1e-3);
  });
});

describe('trainer', () => {
  it('learns a separable 3-class toy problem', () => {
    const rng = new Rng(3);
    const make = () => {
      const x: Float64Array[] = [];
      const y: number[] = [];
      for (let i = 0; i < 300; i++) {
        const c = i % 3;
        x.push(Float64Array.from([c + 0.3 * rng.normal(), (c === 1 ? 1 : -1) + 0.3 * rng.normal(), rng.normal()]));
        y.push(c);
      }
      return { x, y };
    };
    const data = make();
    const { model } = train(() => data, null, 3, computeStandardizer(data.x), {
      ...DEFAULT_TRAIN,
      hidden: [16],
      fixedEpochs: 30,
      seed: 5,
    });
    expect(accuracy(model, make())).toBeGreaterThan(0.9);
  });
});
