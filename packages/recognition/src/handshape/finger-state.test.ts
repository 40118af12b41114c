import { describe, expect, it } from 'vitest';
import { fingerStates3d, handState } from './finger-state.js';
import { indexTowardCamera, mirrorX, samplesOf } from './__fixtures__/fixtures.js';

const states = (label: string) => samplesOf(label).map((s) => handState(s.landmarks, 'Unknown'));
const share = <T>(xs: T[], pred: (x: T) => boolean) => xs.filter(pred).length / xs.length;

describe('handState on real samples', () => {
  it('B: all four fingers extended and together', () => {
    const b = states('B');
    expect(share(b, (s) => Object.values(s.fingers).every((f) => f === 'extended'))).toBeGreaterThanOrEqual(0.9);
    expect(share(b, (s) => !s.spread.indexMiddle)).toBeGreaterThanOrEqual(0.75);
  });

  it('A and S: all four fingers curled', () => {
    for (const l of ['A', 'S']) {
      expect(share(states(l), (s) => Object.values(s.fingers).every((f) => f === 'curled'))).toBeGreaterThanOrEqual(
        0.9,
      );
    }
  });

  it('V is spread, U is not', () => {
    expect(share(states('V'), (s) => s.spread.indexMiddle)).toBeGreaterThanOrEqual(0.75);
    expect(share(states('U'), (s) => !s.spread.indexMiddle)).toBeGreaterThanOrEqual(0.75);
  });

  it('L and Y stick the thumb out; E and W hold it across', () => {
    expect(share(states('L'), (s) => s.thumb.position === 'out')).toBeGreaterThanOrEqual(0.75);
    expect(share(states('Y'), (s) => s.thumb.position === 'out')).toBeGreaterThanOrEqual(0.6);
    expect(share(states('W'), (s) => s.thumb.position === 'across')).toBeGreaterThanOrEqual(0.75);
  });

  it('F: thumb touches the index fingertip', () => {
    expect(share(states('F'), (s) => s.thumb.touching === 'index')).toBeGreaterThanOrEqual(0.75);
  });

  it('I and Y: only the pinky is extended', () => {
    for (const l of ['I', 'Y']) {
      expect(
        share(states(l), (s) => s.fingers.pinky === 'extended' && s.fingers.index === 'curled'),
      ).toBeGreaterThanOrEqual(0.75);
    }
  });

  it('palm pointing up for B, index pointing down for P, sideways for H', () => {
    expect(share(states('B'), (s) => s.palm.pointing === 'up')).toBe(1);
    expect(
      share(
        samplesOf('P', 'boris').map((s) => handState(s.landmarks, 'Unknown')),
        (s) => s.indexPointing === 'down',
      ),
    ).toBe(1);
    expect(share(states('H'), (s) => s.indexPointing === 'sideways')).toBeGreaterThanOrEqual(0.75);
  });

  it('palm facing flips between a hand and its mirror image when handedness is known', () => {
    const b = samplesOf('B', 'boris')[0].landmarks;
    const f1 = handState(b, 'Right').palm.facing;
    const f2 = handState(mirrorX(b), 'Right').palm.facing;
    expect([f1, f2].sort()).toEqual(['away', 'camera']);
    expect(handState(b, 'Unknown').palm.facing).toBe('unknown');
  });
});

describe('fingerStates3d', () => {
  it('is null without depth', () => {
    expect(fingerStates3d(samplesOf('D')[0].landmarks)).toBeNull();
  });

  it('agrees with the image on a flat hand, and sees an index bent toward the camera as still straight', () => {
    for (const s of samplesOf('D')) {
      const flat = s.landmarks.map((p) => ({ ...p, z: 0 }));
      expect(fingerStates3d(flat)).toEqual(handState(flat, 'Unknown').fingers);
      const pointing = indexTowardCamera(s.landmarks, 75);
      expect(handState(pointing, 'Unknown').fingers.index).not.toBe('extended');
      expect(fingerStates3d(pointing)!.index).toBe(handState(flat, 'Unknown').fingers.index);
    }
  });

  it('A and S stay curled in depth', () => {
    for (const l of ['A', 'S'])
      for (const s of samplesOf(l)) {
        const st = fingerStates3d(s.landmarks.map((p) => ({ ...p, z: 0 })))!;
        expect(Object.values(st).filter((f) => f === 'extended')).toEqual([]);
      }
  });
});
