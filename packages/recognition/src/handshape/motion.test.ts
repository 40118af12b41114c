import { describe, expect, it } from 'vitest';
import { detectMotion, MotionDetector, type MotionFrame } from './motion.js';
import type { Landmark } from './normalize.js';
import { handState } from './finger-state.js';
import { mirrorX, samplesOf } from './__fixtures__/fixtures.js';

type Pt = [number, number];

/** Moves the whole hand so that its start follows the path (palm-size units; x toward the thumb). */
function sequence(hand: Landmark[], path: Pt[], palmPx: number, thumbSign: number, stepMs = 33): MotionFrame[] {
  return path.map(([a, d], i) => ({
    timeMs: i * stepMs,
    handedness: 'Unknown',
    landmarks: hand.map((p) => ({ x: p.x + thumbSign * a * palmPx, y: p.y + d * palmPx })),
  }));
}

function polyline(points: Pt[], n: number): Pt[] {
  const out: Pt[] = [];
  const segs = points.length - 1;
  for (let i = 0; i < n; i++) {
    const u = (i / (n - 1)) * segs;
    const k = Math.min(segs - 1, Math.floor(u));
    const t = u - k;
    out.push([
      points[k][0] + t * (points[k + 1][0] - points[k][0]),
      points[k][1] + t * (points[k + 1][1] - points[k][1]),
    ]);
  }
  return out;
}

const jPath = (n = 30): Pt[] =>
  Array.from({ length: n }, (_, i) => {
    const t = i / (n - 1);
    if (t < 0.55) return [0, (t / 0.55) * 1.6] as Pt; // down
    const th = ((t - 0.55) / 0.45) * Math.PI * 0.85; // hook toward the thumb side
    return [0.6 - 0.6 * Math.cos(th), 1.6 + 0.6 * Math.sin(th)] as Pt;
  });
const zPath = (n = 36): Pt[] =>
  polyline(
    [
      [0, 0],
      [-2, 0],
      [0, 2],
      [-2, 2],
    ],
    n,
  );

function palmPx(hand: Landmark[]): number {
  return Math.hypot(hand[9].x - hand[0].x, hand[9].y - hand[0].y);
}
function thumbSign(hand: Landmark[]): number {
  return Math.sign(hand[5].x - hand[17].x) || 1;
}

// Real samples whose finger states really show the handshape (two signn "I" rows do not:
// one has the index up, one has every finger curled).
const fingersOf = (lm: Landmark[]) => handState(lm, 'Unknown').fingers;
const iHands = samplesOf('I').filter((s) => {
  const f = fingersOf(s.landmarks);
  return f.pinky === 'extended' && f.index === 'curled';
});
const indexHands = samplesOf('D').filter((s) => fingersOf(s.landmarks).index === 'extended');

it('has enough real samples of both handshapes', () => {
  expect(iHands.length).toBeGreaterThanOrEqual(8);
  expect(indexHands.length).toBeGreaterThanOrEqual(8);
});

describe('motion: J and Z from real handshapes moved along the letter path', () => {
  it('detects J for every I sample, for the hand and its mirror image', () => {
    let n = 0;
    for (const s of iHands) {
      for (const hand of [s.landmarks, mirrorX(s.landmarks)]) {
        const frames = sequence(hand, jPath(), palmPx(hand), thumbSign(hand));
        const r = detectMotion(frames);
        if (r.letter === 'J') n++;
      }
    }
    expect(n / (2 * iHands.length)).toBeGreaterThanOrEqual(0.9);
  });

  it('detects Z for every index-handshape sample, for the hand and its mirror image', () => {
    let n = 0;
    for (const s of indexHands) {
      for (const hand of [s.landmarks, mirrorX(s.landmarks)]) {
        const r = detectMotion(sequence(hand, zPath(), palmPx(hand), thumbSign(hand)));
        if (r.letter === 'Z') n++;
      }
    }
    expect(n / (2 * indexHands.length)).toBeGreaterThanOrEqual(0.9);
  });

  it('streaming detector fires once for a J drawn after a pause', () => {
    const hand = iHands[0].landmarks;
    const still = sequence(
      hand,
      Array.from({ length: 20 }, () => [0, 0] as Pt),
      palmPx(hand),
      thumbSign(hand),
    );
    const moving = sequence(hand, jPath(), palmPx(hand), thumbSign(hand)).map((f) => ({
      ...f,
      timeMs: f.timeMs + 20 * 33,
    }));
    const det = new MotionDetector();
    const fired = [...still, ...moving].map((f) => det.push(f)).filter((x) => x !== null);
    expect(fired).toEqual(['J']);
  });
});

/**
 * A finger folded onto its knuckle (as the landmark model reads a blurred, fast-moving finger):
 * read curled. The index by default, the pinky for a J; its tip `t` of the way from the knuckle
 * to the middle joint (negative: behind the knuckle).
 */
function fingerFolded(hand: readonly Landmark[], [mcp, pip, dip, tip] = [5, 6, 7, 8], t = 0.5): Landmark[] {
  const m = hand[mcp];
  const p = hand[pip];
  return hand.map((q, i) => (i === dip || i === tip ? { x: m.x + t * (p.x - m.x), y: m.y + t * (p.y - m.y) } : q));
}
const indexFolded = (hand: readonly Landmark[]) => fingerFolded(hand);
const pinkyFolded = (hand: readonly Landmark[]) => fingerFolded(hand, [17, 18, 19, 20]);

/**
 * Each hand drawn along the path with its drawing finger straight on the first 30% of the frames
 * and folded (blurred) on the rest; how many of the hands are read as the letter.
 */
function readBlurred(
  hands: typeof iHands,
  path: Pt[],
  fold: (hand: readonly Landmark[]) => Landmark[],
  finger: 'index' | 'pinky',
  letter: 'J' | 'Z',
): number {
  let n = 0;
  for (const s of hands) {
    const frames = sequence(s.landmarks, path, palmPx(s.landmarks), thumbSign(s.landmarks));
    const blurred = frames.map((f, i) => (i < 0.3 * frames.length ? f : { ...f, landmarks: fold(f.landmarks!) }));
    expect(fingersOf(blurred[blurred.length - 1].landmarks as Landmark[])[finger]).not.toBe('extended');
    if (detectMotion(blurred).letter === letter) n++;
  }
  return n;
}

/** Each hand drawn along the path with its drawing finger folded on every frame: the letters read. */
const readFolded = (hands: typeof iHands, path: Pt[], fold: (hand: readonly Landmark[]) => Landmark[]) =>
  hands.map((s) => detectMotion(sequence(fold(s.landmarks), path, palmPx(s.landmarks), thumbSign(s.landmarks))).letter);

describe('motion: J drawn fast (its pinky blurred, as the recorded Zs show for the index)', () => {
  it('a J whose pinky is read folded on most frames is still a J, the pinky read straight on 30% of them', () => {
    const n = readBlurred(iHands, jPath(), pinkyFolded, 'pinky', 'J');
    expect(n / iHands.length).toBeGreaterThanOrEqual(0.9);
  });

  it('the J path drawn by a hand whose pinky is never read straight (a fist) is not a J', () => {
    for (const letter of readFolded(iHands, jPath(), pinkyFolded)) expect(letter).toBeNull();
  });
});

describe('motion: Z as people really draw it (boris recording: tools/recognition/eval-recorded-motion.ts)', () => {
  it('a Z whose index is read folded on the fast frames is still a Z, the index read straight on 30% of them', () => {
    const n = readBlurred(indexHands, zPath(), indexFolded, 'index', 'Z');
    expect(n / indexHands.length).toBeGreaterThanOrEqual(0.9);
  });

  it.each([0, -0.3, -0.6])(
    'a Z whose index is read folded through its diagonal stroke, the tip at %s of the way to its middle joint (at or behind the knuckle, as boris’s fastest strokes read), is still a Z',
    (t) => {
      let n = 0;
      for (const s of indexHands) {
        const frames = sequence(s.landmarks, zPath(), palmPx(s.landmarks), thumbSign(s.landmarks));
        const blurred = frames.map((f, i) =>
          i > 0.3 * frames.length && i < 0.7 * frames.length
            ? { ...f, landmarks: fingerFolded(f.landmarks!, [5, 6, 7, 8], t) }
            : f,
        );
        expect(fingersOf(blurred[frames.length >> 1].landmarks as Landmark[]).index).not.toBe('extended');
        if (detectMotion(blurred).letter === 'Z') n++;
      }
      expect(n / indexHands.length).toBeGreaterThanOrEqual(0.9);
    },
  );

  it('the Z path drawn by a hand whose index is never read straight is not a Z', () => {
    for (const letter of readFolded(indexHands, zPath(), indexFolded)) expect(letter).toBeNull();
  });

  it('a Z 2.4 times as wide as tall, or 2.2 times as tall as wide, is a Z', () => {
    for (const [w, h] of [
      [2.4, 1],
      [1, 2.2],
    ]) {
      let n = 0;
      for (const s of indexHands) {
        const path = zPath().map(([x, y]) => [(x * w) / 2, (y * h) / 2] as Pt);
        if (detectMotion(sequence(s.landmarks, path, palmPx(s.landmarks), thumbSign(s.landmarks))).letter === 'Z') n++;
      }
      expect(n / indexHands.length).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('an index hand moved across, back and across again, drifting down a little, is not a Z', () => {
    for (const s of indexHands) {
      // a Z's strokes, but 0.3 palms tall for 2 palms wide: scaled to a square it would be a Z
      const path = polyline(
        [
          [0, 0],
          [-2, 0],
          [0, 0.3],
          [-2, 0.3],
        ],
        36,
      );
      expect(detectMotion(sequence(s.landmarks, path, palmPx(s.landmarks), thumbSign(s.landmarks))).letter).toBeNull();
    }
  });
});

describe('motion: negatives', () => {
  it('a static I or index hand fires nothing', () => {
    for (const s of [...iHands, ...indexHands]) {
      const frames = sequence(
        s.landmarks,
        Array.from({ length: 40 }, () => [0, 0] as Pt),
        100,
        1,
      );
      expect(detectMotion(frames).letter).toBeNull();
    }
  });

  it('random jitter of an I or index hand fires nothing', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.3;
    for (const s of [...iHands, ...indexHands]) {
      const frames = sequence(
        s.landmarks,
        Array.from({ length: 40 }, () => [rnd(), rnd()] as Pt),
        palmPx(s.landmarks),
        1,
      );
      expect(detectMotion(frames).letter).toBeNull();
    }
  });

  it('the J path drawn with an index hand is not a J, and the Z path drawn with an I hand is not a Z', () => {
    for (const s of indexHands)
      expect(detectMotion(sequence(s.landmarks, jPath(), palmPx(s.landmarks), thumbSign(s.landmarks))).letter).not.toBe(
        'J',
      );
    for (const s of iHands)
      expect(detectMotion(sequence(s.landmarks, zPath(), palmPx(s.landmarks), thumbSign(s.landmarks))).letter).not.toBe(
        'Z',
      );
  });

  it('a straight downward stroke with an I hand is not a J', () => {
    for (const s of iHands) {
      const frames = sequence(
        s.landmarks,
        polyline(
          [
            [0, 0],
            [0, 2.2],
          ],
          30,
        ),
        palmPx(s.landmarks),
        1,
      );
      expect(detectMotion(frames).letter).toBeNull();
    }
  });

  it('no-hand frames alone fire nothing', () => {
    const frames: MotionFrame[] = Array.from({ length: 30 }, (_, i) => ({
      timeMs: i * 33,
      landmarks: null,
      handedness: 'Unknown',
    }));
    expect(detectMotion(frames).letter).toBeNull();
  });
});
