/**
 * Per-finger state, spread, thumb position and palm orientation from 21 landmarks.
 * Works in 2-D (image plane), so it behaves the same on all data sources.
 */
import {
  canonicalize,
  FINGER_CHAINS,
  hasDepth,
  palmChirality,
  toXY,
  type Handedness,
  type Landmark,
} from './normalize.js';

export type FingerName = 'thumb' | 'index' | 'middle' | 'ring' | 'pinky';
export type Finger = Exclude<FingerName, 'thumb'>;
export type FingerState = 'extended' | 'bent' | 'curled';
export type ThumbPosition = 'across' | 'alongside' | 'out';
export type Facing = 'camera' | 'away' | 'sideways' | 'unknown';
export type Pointing = 'up' | 'down' | 'sideways';

export const FINGERS: readonly Finger[] = ['index', 'middle', 'ring', 'pinky'];

export interface HandState {
  fingers: Record<Finger, FingerState>;
  /** spread between neighbours: index-middle, middle-ring, ring-pinky */
  spread: { indexMiddle: boolean; middleRing: boolean; ringPinky: boolean };
  /** index and middle crossed (R) */
  crossed: boolean;
  thumb: { position: ThumbPosition; extended: boolean; touching: Finger | null };
  palm: { facing: Facing; pointing: Pointing };
  /** where the index finger points (MCP -> tip) */
  indexPointing: Pointing;
  /** raw measures, for tuning and tests */
  measures: Record<string, number>;
}

export const THRESHOLDS = {
  /** tip-to-wrist over PIP-to-wrist distance below which a finger is curled */
  curledReach: 1.0,
  /** straightness (MCP->tip distance over the bone lengths) above which it is extended */
  extendedStraightness: 0.85,
  extendedReach: 1.2,
  /** tip distance over MCP distance of two neighbours above which they are spread */
  spreadRatio: 1.45,
  /** thumb tip to fingertip distance (palm sizes) below which they touch */
  touch: 0.33,
  /** |palm triangle area| / palm size^2 below which the palm is seen edge-on */
  sideways: 0.12,
  /** thumb tip across the palm (0 = index MCP, 1 = pinky MCP) beyond which it lies across */
  thumbAcross: 0.1,
  /** ... and below which it sticks out away from the index side */
  thumbOut: -0.6,
  /** index/middle tip order relative to MCP order below which they count as crossed */
  crossed: 0.25,
};

function d(p: Float64Array, i: number, j: number): number {
  return Math.hypot(p[2 * i] - p[2 * j], p[2 * i + 1] - p[2 * j + 1]);
}

function fingerState(reach: number, straight: number): FingerState {
  return reach < THRESHOLDS.curledReach
    ? 'curled'
    : straight > THRESHOLDS.extendedStraightness && reach > THRESHOLDS.extendedReach
      ? 'extended'
      : 'bent';
}

/**
 * The four fingers' states measured in 3-D (same reach and straightness rules as `handState`),
 * or null when the landmarks carry no depth. A finger pointing at the camera is foreshortened in
 * the image, so its 2-D state says bent or curled; in 3-D it is still straight and reaching.
 * z must be in the units of x (the classifier's caller contract).
 */
export function fingerStates3d(landmarks: readonly Landmark[]): Record<Finger, FingerState> | null {
  if (!hasDepth(landmarks)) return null;
  const d3 = (i: number, j: number) => {
    const a = landmarks[i];
    const b = landmarks[j];
    return Math.hypot(a.x - b.x, a.y - b.y, a.z! - b.z!);
  };
  const out = {} as Record<Finger, FingerState>;
  FINGERS.forEach((name, i) => {
    const [m, pip, dip, tip] = FINGER_CHAINS[i + 1];
    const reach = d3(0, tip) / Math.max(d3(0, pip), 1e-6);
    const straight = d3(m, tip) / Math.max(d3(m, pip) + d3(pip, dip) + d3(dip, tip), 1e-6);
    out[name] = fingerState(reach, straight);
  });
  return out;
}

export function handState(landmarks: readonly Landmark[], handedness: Handedness): HandState {
  const p = canonicalize(toXY(landmarks), handedness, 'handedness');
  const measures: Record<string, number> = {};
  const fingers = {} as Record<Finger, FingerState>;
  FINGERS.forEach((name, i) => {
    const [m, pip, dip, tip] = FINGER_CHAINS[i + 1];
    const reach = d(p, 0, tip) / Math.max(d(p, 0, pip), 1e-6);
    const straight = d(p, m, tip) / Math.max(d(p, m, pip) + d(p, pip, dip) + d(p, dip, tip), 1e-6);
    measures[`${name}Reach`] = reach;
    measures[`${name}Straight`] = straight;
    fingers[name] = fingerState(reach, straight);
  });
  const ratio = (a: number, b: number, ma: number, mb: number) => d(p, a, b) / Math.max(d(p, ma, mb), 1e-6);
  measures.spreadIM = ratio(8, 12, 5, 9);
  measures.spreadMR = ratio(12, 16, 9, 13);
  measures.spreadRP = ratio(16, 20, 13, 17);
  const spread = {
    indexMiddle: measures.spreadIM > THRESHOLDS.spreadRatio,
    middleRing: measures.spreadMR > THRESHOLDS.spreadRatio,
    ringPinky: measures.spreadRP > THRESHOLDS.spreadRatio,
  };
  // crossing: tips in the opposite order to the MCPs along the palm width
  const mx = p[10] - p[18];
  const my = p[11] - p[19];
  measures.crossIM = ((p[16] - p[24]) * mx + (p[17] - p[25]) * my) / Math.max(mx * mx + my * my, 1e-9);
  const crossed = measures.crossIM < THRESHOLDS.crossed && fingers.index !== 'curled' && fingers.middle !== 'curled';

  // thumb tip in a palm frame: across 0 at index MCP, 1 at pinky MCP; along in wrist->middle MCP lengths
  const ax = p[34] - p[10];
  const ay = p[35] - p[11];
  const a2 = Math.max(ax * ax + ay * ay, 1e-9);
  const across = ((p[8] - p[10]) * ax + (p[9] - p[11]) * ay) / a2;
  const l2 = Math.max(p[18] * p[18] + p[19] * p[19], 1e-9);
  const along = (p[8] * p[18] + p[9] * p[19]) / l2;
  measures.thumbAcross = across;
  measures.thumbAlong = along;
  const position: ThumbPosition =
    across > THRESHOLDS.thumbAcross ? 'across' : across < THRESHOLDS.thumbOut ? 'out' : 'alongside';
  const thumbStraight = d(p, 2, 4) / Math.max(d(p, 2, 3) + d(p, 3, 4), 1e-6);
  measures.thumbStraight = thumbStraight;
  let touching: Finger | null = null;
  let best = THRESHOLDS.touch;
  FINGERS.forEach((name, i) => {
    const tip = FINGER_CHAINS[i + 1][3];
    const dist = d(p, 4, tip);
    measures[`thumbTo${name}`] = dist;
    if (dist < best && fingers[name] !== 'extended') {
      best = dist;
      touching = name;
    }
  });

  const area = palmChirality(p);
  measures.palmArea = area;
  let facing: Facing;
  if (Math.abs(area) < THRESHOLDS.sideways) facing = 'sideways';
  else if (handedness === 'Unknown') facing = 'unknown';
  else facing = area < 0 ? 'camera' : 'away';
  // pointing: direction wrist -> middle MCP (y grows downwards)
  const ang = Math.atan2(-p[19], p[18]) * (180 / Math.PI);
  measures.pointingDeg = ang;
  const toPointing = (a: number): Pointing => (a > 45 && a < 135 ? 'up' : a < -45 && a > -135 ? 'down' : 'sideways');
  const pointing = toPointing(ang);
  const iang = Math.atan2(-(p[17] - p[11]), p[16] - p[10]) * (180 / Math.PI);
  measures.indexPointingDeg = iang;
  const indexPointing = toPointing(iang);

  return {
    fingers,
    spread,
    crossed,
    thumb: { position, extended: thumbStraight > 0.9 && position === 'out', touching },
    palm: { facing, pointing },
    indexPointing,
    measures,
  };
}
