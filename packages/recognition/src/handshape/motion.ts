/**
 * J and Z from fingertip trajectories over recent frames.
 * J: I handshape, pinky tip goes down then hooks toward the thumb side.
 * Z: index-pointing handshape, index tip goes away from the thumb side, diagonally down
 *    back toward it, then away again.
 * "Thumb side" is read from the hand itself (index MCP vs pinky MCP), so left and right
 * hands and mirrored cameras need no special casing.
 */
import { fingerStates3d, handState, type Finger, type FingerState } from './finger-state.js';
import { palmSize, toXY, type Handedness, type Landmark } from './normalize.js';
import {
  boxDiagonal,
  diagonal,
  heightOverWidth,
  PER_AXIS,
  smooth,
  templateDistance,
  type MotionLetter,
  type Pt,
} from './motion-path.js';

export type { MotionLetter } from './motion-path.js';

export interface MotionFrame {
  timeMs: number;
  /** null when no hand was found */
  landmarks: readonly Landmark[] | null;
  handedness: Handedness;
}

export interface MotionOptions {
  windowMs: number;
  /**
   * fraction of hand frames that must show the letter's handshape with its drawing finger (the
   * pinky for J, the index for Z) in any state: the other fingers folded
   */
  minShapeFraction: number;
  /**
   * fraction of hand frames that must show the drawing finger straight too. A drawn letter moves
   * fast, and on blurred frames the landmark model often reads the moving finger bent or curled
   * (boris's recorded Zs: 154 of the 158 frames not read as the index shape had the other three
   * fingers folded). No recording of a drawn J exists here; its pinky moves as fast, so J follows
   * the same rule.
   */
  minTipFraction: number;
  /**
   * minimum extent of the path (bounding-box diagonal) in palm sizes (palmSize: the mean of the
   * wrist-knuckle distances and the knuckle width). Z 0.8: a Z drawn 0.6-0.7 palms square (5-6 cm)
   * is a letter people draw; J 0.8: lower, the end of a straight downward stroke reads as a J.
   */
  minExtent: { J: number; Z: number };
  /**
   * maximum mean distance to the template (path scaled to unit size). Z 0.18: real Zs are rounder
   * than the template's corners (boris's recorded Zs, first half: 0.03-0.26); 0.22 let a moved L
   * of the same recording through. J stays at 0.16: higher, an I moved straight down reads as J.
   */
  maxTemplateDistance: Record<MotionLetter, number>;
  minFrames: number;
  /** the template is also tried rotated by up to this many degrees (a slanted drawing) */
  maxSlantDeg: number;
  /** the fingertip path is averaged over about +-this many ms (whole frames; none at low frame rates) */
  smoothMs: number;
  /**
   * The path is read toward the thumb side, which the knuckles show (index MCP vs pinky MCP along
   * x); knuckles closer than this (palms) leave it unknown and both ways are tried. Z is always
   * tried both ways: which way it goes follows the signer's hand and whether the palm or the back
   * faces the camera, and an index hand is often held edge-on or turned away.
   */
  minSideSpread: Record<MotionLetter, number>;
}

/**
 * Letters are drawn in 0.4 to 2 s at 15 to 30 fps (6 to 60 frames), and live practice's client
 * slows to 10 fps when the server is busy (a letter drawn in 0.5 s is then 5 frames), so the
 * window holds 2.5 s and a path needs 5 hand frames; a drawing may be slanted by up to
 * `maxSlantDeg`.
 */
export const DEFAULT_MOTION: MotionOptions = {
  windowMs: 2500,
  minShapeFraction: 0.7,
  minTipFraction: 0.2,
  minExtent: { J: 0.8, Z: 0.8 },
  maxTemplateDistance: { J: 0.16, Z: 0.18 },
  minFrames: 5,
  maxSlantDeg: 20,
  smoothMs: 45,
  minSideSpread: { J: 0.25, Z: Infinity },
};

/** How a frame shows a letter's hand: 2 the handshape, 1 its other fingers folded but the drawing finger not straight, 0 neither. */
type Look = 0 | 1 | 2;
/** A frame's hand for J (the I shape, pinky drawing) and Z (the index shape, index drawing). */
type FrameShape = Readonly<Record<MotionLetter, Look>>;

const NONE: FrameShape = { J: 0, Z: 0 };

function shapeOfFingers(f: Record<Finger, FingerState>): FrameShape {
  const jFolded = f.index === 'curled' && f.middle === 'curled' && f.ring !== 'extended';
  const zFolded = f.middle !== 'extended' && f.ring !== 'extended' && f.pinky !== 'extended';
  return {
    J: jFolded ? (f.pinky === 'extended' ? 2 : 1) : 0,
    Z: zFolded ? (f.index === 'extended' ? 2 : 1) : 0,
  };
}

const shows = (s: FrameShape): boolean => s.J === 2 || s.Z === 2;

/**
 * The I (J) or index (Z) handshape, from the fingers in the image or, with depth, in 3-D: a Z is
 * often drawn with the index pointing at the camera, and a J's wrist twists, which foreshorten the
 * finger in the image.
 */
function shapeOf(lm: readonly Landmark[], h: Handedness): FrameShape {
  const flat = shapeOfFingers(handState(lm, h).fingers);
  if (shows(flat)) return flat;
  const deepFingers = fingerStates3d(lm);
  const deep = deepFingers ? shapeOfFingers(deepFingers) : NONE;
  if (shows(deep)) return deep;
  return { J: Math.max(flat.J, deep.J) as Look, Z: Math.max(flat.Z, deep.Z) as Look };
}

export interface MotionResult {
  letter: MotionLetter | null;
  distances: Partial<Record<MotionLetter, number>>;
}

/** A hand frame's time, handshape (for J / Z), 2-D points and palm size, computed once. */
interface Prepared {
  timeMs: number;
  shape: FrameShape;
  xy: Float64Array;
  palm: number;
}

function prepare(f: MotionFrame & { landmarks: readonly Landmark[] }): Prepared {
  const xy = toXY(f.landmarks);
  return { timeMs: f.timeMs, shape: shapeOf(f.landmarks, f.handedness), xy, palm: palmSize(xy) };
}

/** Looks at the given frames (oldest first) and decides whether they draw a J or a Z. */
export function detectMotion(frames: readonly MotionFrame[], o: MotionOptions = DEFAULT_MOTION): MotionResult {
  const hand = frames.filter((f) => f.landmarks !== null) as (MotionFrame & { landmarks: readonly Landmark[] })[];
  return detectPrepared(hand.map(prepare), o);
}

/** How far, in the letter's least extent, the knuckle must move to be followed as the tip's stand-in. */
const KNUCKLE_REACH = 0.5;

/**
 * A path that missed the letter by no more than this many times its greatest template distance is
 * tried again as if its finger had stayed straight (boris's recorded Zs that only that reads came
 * to 0.18-0.21 with the finger as seen, at best, against 0.18; bench:live showed that matching it on
 * every window, near or not, cost 4% of the frames per second).
 */
const NEAR_MISS = 2;

/** The drawing finger of each letter: its tip and its base knuckle (landmark numbers). */
const DRAWING_FINGER: Record<MotionLetter, { tip: number; knuckle: number }> = {
  J: { tip: 20, knuckle: 17 },
  Z: { tip: 8, knuckle: 5 },
};

/** A point followed over the frames: its x and y on frame i. */
interface Track {
  x: (i: number) => number;
  y: (i: number) => number;
}

/** The drawing fingertip as the landmarks place it on each frame. */
function seenTrack(hand: readonly Prepared[], letter: MotionLetter): Track {
  const { tip } = DRAWING_FINGER[letter];
  return { x: (i) => hand[i].xy[2 * tip], y: (i) => hand[i].xy[2 * tip + 1] };
}

/**
 * The drawing fingertip as if the finger had stayed straight. A finger moving fast is blurred, and
 * the landmark model then often reads it folded, its tip at or behind its knuckle (boris's
 * recorded Zs). On those frames the tip is taken as the base knuckle plus the median
 * knuckle-to-tip offset of the frames that read the finger straight: the knuckle moves with the
 * hand that draws the letter, and is found on blurred frames. Null when no frame, or every frame,
 * reads the finger straight, or when the knuckle moved less than `minKnuckleReach` (in the
 * landmarks' units): then it drew nothing.
 */
function asIfStraightTrack(hand: readonly Prepared[], letter: MotionLetter, minKnuckleReach: number): Track | null {
  const { tip, knuckle } = DRAWING_FINGER[letter];
  const straight = hand.filter((f) => f.shape[letter] === 2);
  if (straight.length === 0 || straight.length === hand.length) return null;
  const knuckleReach = boxDiagonal(
    hand.length,
    (i) => hand[i].xy[2 * knuckle],
    (i) => hand[i].xy[2 * knuckle + 1],
  );
  if (knuckleReach < minKnuckleReach) return null;
  const median = (v: Float64Array) => v.sort()[v.length >> 1];
  const dx = median(Float64Array.from(straight, (f) => f.xy[2 * tip] - f.xy[2 * knuckle]));
  const dy = median(Float64Array.from(straight, (f) => f.xy[2 * tip + 1] - f.xy[2 * knuckle + 1]));
  const x = Float64Array.from(hand, (f) => (f.shape[letter] === 2 ? f.xy[2 * tip] : f.xy[2 * knuckle] + dx));
  const y = Float64Array.from(hand, (f) => (f.shape[letter] === 2 ? f.xy[2 * tip + 1] : f.xy[2 * knuckle + 1] + dy));
  return { x: (i) => x[i], y: (i) => y[i] };
}

function detectPrepared(hand: readonly Prepared[], o: MotionOptions): MotionResult {
  const res: MotionResult = { letter: null, distances: {} };
  if (hand.length < o.minFrames) return res;
  const shapes = hand.map((f) => f.shape);
  const xy = hand.map((f) => f.xy);
  const dt = (hand[hand.length - 1].timeMs - hand[0].timeMs) / Math.max(1, hand.length - 1);
  const k = dt > 0 ? Math.min(2, Math.round(o.smoothMs / dt)) : 2;
  const palm = Float64Array.from(hand, (f) => f.palm).sort()[Math.floor(xy.length / 2)];
  let bestDist = Infinity;
  for (const letter of ['J', 'Z'] as const) {
    let shown = 0;
    let folded = 0;
    for (const s of shapes) {
      if (s[letter] > 0) folded++;
      if (s[letter] === 2) shown++;
    }
    if (folded / hand.length < o.minShapeFraction || shown / hand.length < o.minTipFraction) continue;
    const tryTrack = (tip: Track): void => {
      // Smoothing averages neighbours, so the smoothed path never reaches beyond the raw one: a tip
      // that moved less than the letter's extent cannot draw it (the margin covers rounding).
      if (boxDiagonal(hand.length, tip.x, tip.y) / palm < o.minExtent[letter] * (1 - 1e-9)) return;
      for (const side of thumbSides(xy, palm, o.minSideSpread[letter])) {
        const raw: Pt[] = hand.map((_, i) => [(side * (tip.x(i) - tip.x(0))) / palm, (tip.y(i) - tip.y(0)) / palm]);
        const path = smooth(raw, k);
        const extent = diagonal(path);
        if (extent < o.minExtent[letter]) continue;
        const aspect = PER_AXIS[letter];
        if (aspect) {
          const r = heightOverWidth(path);
          if (r < aspect[0] || r > aspect[1]) continue;
        }
        const dist = templateDistance(path, letter, o.maxSlantDeg);
        res.distances[letter] = Math.min(dist, res.distances[letter] ?? Infinity);
        if (dist <= o.maxTemplateDistance[letter] && dist < bestDist) {
          bestDist = dist;
          res.letter = letter;
        }
      }
    };
    tryTrack(seenTrack(hand, letter));
    // A path that came near the letter but missed may be one whose finger blurred on its fastest
    // frames: it is tried again as if the finger had stayed straight. Only then: a second match
    // costs as much as the first, and a path far from the letter is not one.
    const seen = res.distances[letter] ?? Infinity;
    if (res.letter !== letter && seen <= NEAR_MISS * o.maxTemplateDistance[letter]) {
      const straight = asIfStraightTrack(hand, letter, KNUCKLE_REACH * o.minExtent[letter] * palm);
      if (straight) tryTrack(straight);
    }
  }
  return res;
}

/**
 * Which way is the thumb along x, from the first frames (index MCP minus pinky MCP). A hand seen
 * edge-on has its knuckles nearly on top of each other, so the sign is noise there: when they are
 * less than `minSpread` palms apart, both ways are tried.
 */
function thumbSides(xy: readonly Float64Array[], palm: number, minSpread: number): number[] {
  const head = xy.slice(0, Math.max(3, Math.floor(xy.length / 4)));
  const spread = head.reduce((s, p) => s + p[10] - p[34], 0) / head.length / palm;
  if (Math.abs(spread) < minSpread) return [1, -1];
  return [Math.sign(spread)];
}

/** Streaming wrapper: keeps a time window of hand frames and fires once per drawn letter. */
export class MotionDetector {
  private frames: Prepared[] = [];
  constructor(private readonly o: MotionOptions = DEFAULT_MOTION) {}

  reset(): void {
    this.frames = [];
  }

  push(frame: MotionFrame): MotionLetter | null {
    if (frame.landmarks !== null) this.frames.push(prepare(frame as MotionFrame & { landmarks: readonly Landmark[] }));
    while (this.frames.length && frame.timeMs - this.frames[0].timeMs > this.o.windowMs) this.frames.shift();
    if (frame.landmarks === null) return null;
    // only a handshape that can draw a letter is worth a look
    if (!this.frames.some((f) => shows(f.shape))) return null;
    // evaluate every suffix start so a letter drawn inside the window is found
    for (let start = 0; start + this.o.minFrames <= this.frames.length; start += 2) {
      const r = detectPrepared(this.frames.slice(start), this.o);
      if (r.letter) {
        this.frames = [];
        return r.letter;
      }
    }
    return null;
  }
}
