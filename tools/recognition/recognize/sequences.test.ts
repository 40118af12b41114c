import { describe, expect, it } from 'vitest';
import { handState } from '../../../packages/recognition/src/handshape/finger-state.js';
import type { Landmark } from '../../../packages/recognition/src/handshape/normalize.js';
import {
  indexTowardCamera,
  mirrorX,
  samplesOf,
} from '../../../packages/recognition/src/handshape/__fixtures__/fixtures.js';
import {
  jPath as jPoint,
  zPath as zPoint,
} from '../../../packages/recognition/src/handshape/__fixtures__/drawn-letters.js';
import { recognizeSequence, recognizeSequences, type SequenceInput } from './sequences.js';

type Pt = [number, number];
const SIZE = 1000; // fixture points are in square pixel-like units; sequences carry them as x / SIZE

/** Real hands (boris, siruyy, signn) whose finger states show the handshape. */
const fingers = (lm: Landmark[]) => handState(lm, 'Unknown').fingers;
const iHands = samplesOf('I')
  .filter((s) => fingers(s.landmarks).pinky === 'extended' && fingers(s.landmarks).index === 'curled')
  .map((s) => s.landmarks);
const dHands = samplesOf('D')
  .filter((s) => fingers(s.landmarks).index === 'extended')
  .map((s) => s.landmarks);

interface Drawing {
  hand: Landmark[];
  path: (t: number) => Pt;
  /** seconds to draw */
  seconds: number;
  fps: number;
  /** path scale (1 = the templates above) */
  scale: number;
  /** slant of the whole drawing, degrees */
  slantDeg: number;
  /** still frames before and after (seconds) */
  hold?: number;
  /** landmark jitter of the tracker, in palm sizes (each point, each frame) */
  noise?: number;
  /** the wrist turning while the letter is drawn: degrees of in-plane rotation by the end */
  turnDeg?: number;
  /** which way along x the thumb-side strokes go (default: the way the hand's knuckles say) */
  thumbWay?: 1 | -1;
}

function sequence(d: Drawing, id = 'x'): SequenceInput {
  const palm = Math.hypot(d.hand[9].x - d.hand[0].x, d.hand[9].y - d.hand[0].y);
  const thumb = d.thumbWay ?? (Math.sign(d.hand[5].x - d.hand[17].x) || 1);
  const c = Math.cos((d.slantDeg * Math.PI) / 180);
  const s = Math.sin((d.slantDeg * Math.PI) / 180);
  const moving = Math.max(2, Math.round(d.seconds * d.fps));
  const still = Math.round((d.hold ?? 0) * d.fps);
  const ts = [
    ...Array.from({ length: still }, () => 0),
    ...Array.from({ length: moving }, (_, i) => i / (moving - 1)),
    ...Array.from({ length: still }, () => 1),
  ];
  let r = 7;
  const rnd = () => ((r = (r * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 2;
  const jitter = (d.noise ?? 0) * palm;
  const frames = ts.map((t) => {
    const [a, b] = d.path(t);
    const dx = (c * a - s * b) * d.scale * palm * thumb;
    const dy = (s * a + c * b) * d.scale * palm;
    // the hand turns about its wrist as it draws
    const turn = (((d.turnDeg ?? 0) * t) / 180) * Math.PI * thumb;
    const [w, ct, st] = [d.hand[0], Math.cos(turn), Math.sin(turn)];
    return d.hand.map((p) => {
      const x = w.x + ct * (p.x - w.x) - st * (p.y - w.y);
      const y = w.y + st * (p.x - w.x) + ct * (p.y - w.y);
      return [(x + dx + jitter * rnd()) / SIZE, (y + dy + jitter * rnd()) / SIZE, 0];
    });
  });
  return { id, fps: d.fps, width: SIZE, height: SIZE, frames };
}

function still(hand: Landmark[], seconds: number, fps: number, wobble = 0, seed = 1): SequenceInput {
  let r = seed;
  const rnd = () => ((r = (r * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 2;
  const palm = Math.hypot(hand[9].x - hand[0].x, hand[9].y - hand[0].y);
  const n = Math.round(seconds * fps);
  const frames = Array.from({ length: n }, (_, i) => {
    // a slow sway plus tremor, in palm sizes
    const dx = wobble * (Math.sin((2 * Math.PI * i) / fps) + 0.3 * rnd()) * palm;
    const dy = wobble * (0.5 * Math.cos((2 * Math.PI * i) / fps) + 0.3 * rnd()) * palm;
    return hand.map((p) => [(p.x + dx) / SIZE, (p.y + dy) / SIZE, 0]);
  });
  return { id: 'still', fps, width: SIZE, height: SIZE, frames };
}

it('has real hands of both shapes', () => {
  expect(iHands.length).toBeGreaterThanOrEqual(8);
  expect(dHands.length).toBeGreaterThanOrEqual(8);
});

/** Every combination of speed, size, slant and frame rate, for the hands and their mirror images. */
function drawings(hands: Landmark[][], path: (t: number) => Pt): Drawing[] {
  const out: Drawing[] = [];
  hands.slice(0, 4).forEach((h, k) => {
    const hand = k % 2 ? mirrorX(h) : h;
    for (const seconds of [0.5, 1, 1.6])
      for (const fps of [15, 30])
        for (const scale of [0.7, 1, 1.5])
          for (const slantDeg of [-15, 0, 15]) out.push({ hand, path, seconds, fps, scale, slantDeg });
  });
  return out;
}

describe('landmark sequences: J and Z drawn at different speeds, sizes, slants and frame rates', () => {
  it('reads J from an I hand drawing a J (at least 90%)', () => {
    const all = drawings(iHands, jPoint);
    const labels = all.map((d) => recognizeSequence(sequence(d), 'letters').label);
    const right = labels.filter((l) => l === 'J').length;
    expect(right / all.length).toBeGreaterThanOrEqual(0.9);
  });

  it('reads Z from an index hand drawing a Z (at least 90%)', () => {
    const all = drawings(dHands, zPoint);
    const labels = all.map((d) => recognizeSequence(sequence(d), 'letters').label);
    const right = labels.filter((l) => l === 'Z').length;
    expect(right / all.length).toBeGreaterThanOrEqual(0.9);
  });

  it('reads small letters: a Z 0.6 palms square and a J 0.55 palms down (5-6 cm; at least 90%)', () => {
    const small = (hands: Landmark[][], path: (t: number) => Pt, scale: number): Drawing[] =>
      hands
        .slice(0, 4)
        .flatMap((hand) =>
          [0.7, 1.2].flatMap((seconds) =>
            [15, 30].map((fps) => ({ hand, path, seconds, fps, scale, slantDeg: 0, noise: 0.02, hold: 0.3 })),
          ),
        );
    for (const [letter, all] of [
      ['J', small(iHands, jPoint, 0.35)],
      ['Z', small(dHands, zPoint, 0.3)],
    ] as const) {
      const right = all.filter((d) => recognizeSequence(sequence(d), 'letters').label === letter).length;
      expect(right / all.length, letter).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('reads J and Z drawn in half a second at 10 fps (five frames: live practice slowed by a busy server)', () => {
    for (const [letter, hands, path] of [
      ['J', iHands, jPoint],
      ['Z', dHands, zPoint],
    ] as const) {
      const all: Drawing[] = hands
        .slice(0, 4)
        .map((hand) => ({ hand, path, seconds: 0.5, fps: 10, scale: 1, slantDeg: 0 }));
      const right = all.filter((d) => recognizeSequence(sequence(d), 'letters').label === letter).length;
      expect(right / all.length, letter).toBeGreaterThanOrEqual(0.75);
    }
  });

  it('reads J and Z drawn as people do: 0.4 to 2 s, 15 to 30 fps, a turning wrist, a jittery tracker (at least 90%)', () => {
    const cases: Array<{ d: Drawing; want: 'J' | 'Z' }> = [];
    for (const [want, hands, path, turn] of [
      ['J', iHands, jPoint, 35],
      ['Z', dHands, zPoint, 10],
    ] as const)
      hands.slice(0, 4).forEach((h, k) => {
        const hand = k % 2 ? mirrorX(h) : h;
        for (const seconds of [0.4, 0.7, 1.2, 2])
          for (const fps of [15, 20, 25, 30])
            for (const noise of [0.02, 0.05])
              cases.push({ want, d: { hand, path, seconds, fps, scale: 1, slantDeg: 0, noise, turnDeg: turn } });
      });
    const right = { J: 0, Z: 0 };
    for (const { d, want } of cases) if (recognizeSequence(sequence(d), 'letters').label === want) right[want]++;
    const per = cases.length / 2;
    expect(right.J / per).toBeGreaterThanOrEqual(0.9);
    expect(right.Z / per).toBeGreaterThanOrEqual(0.9);
  });

  it("reads a Z started either way (the signer's hand, and whether the palm or its back faces the camera, decide it), edge-on hands too", () => {
    const spread = (h: Landmark[]) => (h[5].x - h[17].x) / Math.hypot(h[9].x - h[0].x, h[9].y - h[0].y);
    expect(dHands.filter((h) => Math.abs(spread(h)) < 0.15).length).toBeGreaterThanOrEqual(2);
    let right = 0;
    let all = 0;
    for (const hand of dHands)
      for (const thumbWay of [1, -1] as const)
        for (const fps of [15, 30]) {
          const d: Drawing = { hand, path: zPoint, seconds: 1, fps, scale: 1, slantDeg: 0, noise: 0.02, thumbWay };
          all++;
          if (recognizeSequence(sequence(d), 'letters').label === 'Z') right++;
        }
    expect(right / all).toBeGreaterThanOrEqual(0.95);
  });

  it('reads a Z drawn with the index pointing at the camera (foreshortened in the image, straight in depth)', () => {
    let foreshortened = 0;
    let right = 0;
    for (const hand of dHands) {
      // the index bent forward at its knuckle, toward the camera; the rest of the hand as it was
      const pointing = indexTowardCamera(hand, 70);
      if (fingers(pointing).index !== 'extended') foreshortened++;
      const palm = Math.hypot(hand[9].x - hand[0].x, hand[9].y - hand[0].y);
      const frames = Array.from({ length: 30 }, (_, i) => {
        const [a, b] = zPoint(i / 29);
        return pointing.map((p) => [(p.x + a * palm) / SIZE, (p.y + b * palm) / SIZE, p.z! / SIZE]);
      });
      if (recognizeSequence({ id: 'pointing', fps: 30, width: SIZE, height: SIZE, frames }, 'letters').label === 'Z')
        right++;
    }
    // the image alone no longer shows a straight index
    expect(foreshortened / dHands.length).toBeGreaterThanOrEqual(0.9);
    expect(right / dHands.length).toBeGreaterThanOrEqual(0.9);
  });

  it('a J hooked away from the thumb of a hand seen face-on is not a J', () => {
    const spread = (h: Landmark[]) => (h[5].x - h[17].x) / Math.hypot(h[9].x - h[0].x, h[9].y - h[0].y);
    const faceOn = iHands.filter((h) => Math.abs(spread(h)) > 0.4);
    expect(faceOn.length).toBeGreaterThanOrEqual(2);
    for (const hand of faceOn) {
      const way = Math.sign(spread(hand)) as 1 | -1;
      const drawn = (thumbWay: 1 | -1) =>
        recognizeSequence(
          sequence({ hand, path: jPoint, seconds: 1, fps: 30, scale: 1, slantDeg: 0, thumbWay }),
          'letters',
        ).label;
      expect(drawn(way)).toBe('J');
      expect(drawn(-way as 1 | -1)).not.toBe('J');
    }
  });

  it('a J or Z is sure, with a pause before and after the drawing', () => {
    const r = recognizeSequence(
      sequence({ hand: iHands[0], path: jPoint, seconds: 0.8, fps: 30, scale: 1, slantDeg: 0, hold: 0.3 }),
      'letters',
    );
    expect(r).toMatchObject({ label: 'J', sure: true });
  });

  it('digits never read a J or Z', () => {
    const r = recognizeSequence(
      sequence({ hand: iHands[0], path: jPoint, seconds: 1, fps: 30, scale: 1, slantDeg: 0 }),
      'digits',
    );
    expect(r.label).not.toBe('J');
  });
});

describe('landmark sequences: still hands are static letters', () => {
  it('a still I or D held for a second is never J or Z, at 15 and 30 fps', () => {
    for (const fps of [15, 30])
      for (const hand of [...iHands, ...dHands]) {
        const r = recognizeSequence(still(hand, 1, fps), 'letters');
        expect(r.label).not.toBe('J');
        expect(r.label).not.toBe('Z');
      }
  });

  it('a still I reads I and a still D reads D (at least 95% of the real hands)', () => {
    const i = iHands.map((h) => recognizeSequence(still(h, 1, 30), 'letters').label);
    const d = dHands.map((h) => recognizeSequence(still(h, 1, 30), 'letters').label);
    const right = i.filter((l) => l === 'I').length + d.filter((l) => l === 'D').length;
    expect(right / (i.length + d.length)).toBeGreaterThanOrEqual(0.95);
  });

  it('an I that wobbles (sway and tremor of a fifth of a palm) is never J', () => {
    for (const [k, hand] of iHands.entries())
      for (const wobble of [0.1, 0.2])
        expect(recognizeSequence(still(hand, 1.5, 30, wobble, k + 1), 'letters').label).not.toBe('J');
  });

  it('a D that wobbles (sway and tremor of up to three tenths of a palm) is never Z', () => {
    for (const [k, hand] of dHands.entries())
      for (const wobble of [0.1, 0.2, 0.3])
        expect(recognizeSequence(still(hand, 1.5, 30, wobble, k + 1), 'letters').label).not.toBe('Z');
  });

  it('a single frame is a static letter', () => {
    const r = recognizeSequence({ ...still(dHands[0], 1, 30), frames: [still(dHands[0], 1, 30).frames[0]] }, 'letters');
    expect(r.label).toBe('D');
    expect(typeof r.sure).toBe('boolean');
  });
});

describe('landmark sequences: input lines', () => {
  it('answers each line, in order, and names bad lines instead of stopping', () => {
    const ok = JSON.stringify(still(dHands[0], 0.5, 30));
    const text = [
      ok,
      '',
      '{not json',
      JSON.stringify({ id: 'short', fps: 30, width: 640, height: 480, frames: [[[0, 0, 0]]] }),
      JSON.stringify({ id: 'empty', fps: 30, width: 640, height: 480, frames: [null, []] }),
    ].join('\n');
    const out = [...recognizeSequences(text, 'letters')];
    expect(out.map((o) => o.id)).toEqual(['still', 'line 3', 'short', 'empty']);
    expect(out[0].label).toBe('D');
    expect(out[1]).toMatchObject({ code: 'LINE_NOT_JSON', error: 'not valid JSON' });
    expect(out[2]).toMatchObject({ code: 'SEQUENCE_INVALID', error: expect.stringMatching(/21 points/) });
    expect(out[3]).toEqual({ id: 'empty', label: null, confidence: 0, sure: false });
  });

  it("reads MediaPipe's shapes as written out: points as {x, y, z}, a frame as its list of hands, a numeric id", () => {
    const seq = still(dHands[0], 0.5, 30);
    const asObjects = {
      ...seq,
      id: 7,
      frames: seq.frames.map((f, i) => {
        const points = f!.map(([x, y, z]) => ({ x, y, z }));
        return i % 2 ? [points] : points; // every other frame as multi_hand_landmarks: one hand
      }),
    };
    const [read] = [...recognizeSequences(JSON.stringify(asObjects), 'letters')];
    expect(read).toEqual({ ...recognizeSequence(seq, 'letters'), id: '7' });
    expect(read.label).toBe('D');
    // a point without y is still named
    const bad = { ...seq, frames: [seq.frames[0]!.map(([x]) => ({ x }))] };
    expect([...recognizeSequences(JSON.stringify(bad), 'letters')][0]).toMatchObject({ code: 'SEQUENCE_INVALID' });
  });
});
