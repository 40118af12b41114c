import { describe, expect, it } from 'vitest';
import type { Landmark } from './normalize';
import {
  FACING_TURNED_BELOW,
  NOT_PALM_ON_LETTERS,
  PALM_TO_CAMERA_LETTERS,
  palmFacing,
  palmTurnedAway,
} from './palm-facing';

/** A flat open hand in the picture's plane (palm square to the camera), wrist at the origin. */
const flat: Landmark[] = Array.from({ length: 21 }, (_, i) => {
  const finger = i === 0 ? 3 : Math.ceil(i / 4);
  const joint = i === 0 ? 0 : ((i - 1) % 4) + 1;
  return { x: (finger - 3) * 25, y: i === 0 ? 0 : -(60 + joint * 20), z: 0 };
});
/** The hand turned by `deg` about the picture's vertical axis (a camera to one side) and then `tilt` about its horizontal one. */
const turned = (deg: number, tilt = 0): Landmark[] => {
  const a = (deg * Math.PI) / 180;
  const b = (tilt * Math.PI) / 180;
  return flat.map(({ x, y, z = 0 }) => {
    const x1 = x * Math.cos(a) + z * Math.sin(a);
    const z1 = -x * Math.sin(a) + z * Math.cos(a);
    return { x: x1, y: y * Math.cos(b) - z1 * Math.sin(b), z: y * Math.sin(b) + z1 * Math.cos(b) };
  });
};

describe('palmFacing: how squarely the palm faces the camera', () => {
  it('is the cosine of the angle between the palm and the picture, either way round', () => {
    expect(palmFacing(flat)).toBeCloseTo(1, 6);
    expect(palmFacing(turned(60))).toBeCloseTo(0.5, 6);
    expect(palmFacing(turned(-60))).toBeCloseTo(0.5, 6);
    expect(palmFacing(turned(0, 60))).toBeCloseTo(0.5, 6);
    expect(palmFacing(turned(180))).toBeCloseTo(1, 6); // the back of the hand, square on
    expect(palmFacing(turned(90))).toBeCloseTo(0, 6);
  });

  it('does not depend on where the hand is or how big it looks', () => {
    const moved = turned(40).map((p) => ({ x: 3 * p.x + 200, y: 3 * p.y + 100, z: 3 * (p.z ?? 0) + 7 }));
    expect(palmFacing(moved)).toBeCloseTo(Math.cos((40 * Math.PI) / 180), 6);
  });

  it('is unknown without depth or with a palm collapsed to a point', () => {
    expect(palmFacing(flat.map(({ x, y }) => ({ x, y })))).toBeNull();
    expect(palmFacing(flat.map(() => ({ x: 1, y: 1, z: 0 })))).toBeNull();
  });
});

describe('palmTurnedAway: only for letters signed palm to the camera', () => {
  it('calls a B turned past the line turned away, and one turned less not', () => {
    const line = (Math.acos(FACING_TURNED_BELOW) * 180) / Math.PI;
    expect(palmTurnedAway('B', turned(line + 5))).toBe(true);
    expect(palmTurnedAway('B', turned(line - 5))).toBe(false);
  });

  it('says nothing for letters signed side-on (C, G, H, O, P, Q), none asked, or no depth', () => {
    for (const letter of ['C', 'G', 'H', 'O', 'P', 'Q', 'X', 'J', 'Z'])
      expect(palmTurnedAway(letter, turned(80))).toBe(false);
    expect(palmTurnedAway(null, turned(80))).toBe(false);
    expect(
      palmTurnedAway(
        'B',
        turned(80).map(({ x, y }) => ({ x, y })),
      ),
    ).toBe(false);
  });
});

describe('every static letter is either signed palm to the camera or not', () => {
  it('puts each of the 24 in exactly one of the two sets', () => {
    for (const letter of 'ABCDEFGHIKLMNOPQRSTUVWXY')
      expect(
        [PALM_TO_CAMERA_LETTERS.has(letter), NOT_PALM_ON_LETTERS.has(letter)].filter(Boolean),
        letter,
      ).toHaveLength(1);
    expect(PALM_TO_CAMERA_LETTERS.size + NOT_PALM_ON_LETTERS.size).toBe(24);
  });
});
