/**
 * Landmark normalisation and feature extraction for the handshape classifier.
 *
 * Input: 21 MediaPipe hand landmarks in any consistent units where x and y have the
 * same scale (image pixels are ideal). z is optional: when the weights say useZ, a block of
 * 3-D features (depthFeatures) is appended; z must then be in the same units as x (for
 * MediaPipe's normalised output multiply x and z by the image width, y by the height).
 * Hands without z get the block zeroed with its presence flag off (training drops z 30% of
 * the time, and the signn source has no z), so they are still classified.
 *
 * Canonical frame: wrist at the origin, image axes kept (y grows downwards), distances
 * divided by the palm size, and left hands mirrored so that every hand looks like a right
 * hand. Orientation is deliberately NOT normalised away: G/H/P/Q differ from other letters
 * mainly by where the hand points.
 */

export interface Landmark {
  x: number;
  y: number;
  z?: number;
}

/** Handedness of the real hand as reported by the landmark pipeline. */
export type Handedness = 'Left' | 'Right' | 'Unknown';

export const NUM_LANDMARKS = 21;
export const WRIST = 0;
export const FINGER_CHAINS: readonly (readonly number[])[] = [
  [1, 2, 3, 4], // thumb
  [5, 6, 7, 8], // index
  [9, 10, 11, 12], // middle
  [13, 14, 15, 16], // ring
  [17, 18, 19, 20], // pinky
];
export const TIPS = [4, 8, 12, 16, 20] as const;

/**
 * How the hand is mirrored before features are taken.
 * - 'handedness': mirror when the pipeline says 'Left'; 'Unknown' is left as is
 *   (training then uses mirror augmentation so the model copes with either).
 * - 'chirality': ignore handedness and mirror whenever the palm triangle
 *   (wrist, index MCP, pinky MCP) winds the "wrong" way: mirror-invariant.
 */
export type MirrorMode = 'handedness' | 'chirality';

export function assertLandmarks(landmarks: readonly Landmark[]): void {
  if (landmarks.length !== NUM_LANDMARKS) {
    throw new Error(`expected ${NUM_LANDMARKS} landmarks, got ${landmarks.length}`);
  }
  for (const p of landmarks) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new Error('landmark with non-finite coordinate');
  }
}

/** Signed area of the palm triangle (wrist, index MCP, pinky MCP) in image axes (y down). */
export function palmChirality(xy: ArrayLike<number>): number {
  const ax = xy[10] - xy[0];
  const ay = xy[11] - xy[1];
  const bx = xy[34] - xy[0];
  const by = xy[35] - xy[1];
  return ax * by - ay * bx;
}

/** Palm size: mean of wrist->MCP distances and the index->pinky MCP width. */
export function palmSize(xy: ArrayLike<number>): number {
  const d = (i: number, j: number) => Math.hypot(xy[2 * i] - xy[2 * j], xy[2 * i + 1] - xy[2 * j + 1]);
  return (d(0, 5) + d(0, 9) + d(0, 13) + d(0, 17) + d(5, 17)) / 5;
}

/** Flattens landmarks to [x0,y0,x1,y1,...]. */
export function toXY(landmarks: readonly Landmark[]): Float64Array {
  assertLandmarks(landmarks);
  const out = new Float64Array(2 * NUM_LANDMARKS);
  for (let i = 0; i < NUM_LANDMARKS; i++) {
    out[2 * i] = landmarks[i].x;
    out[2 * i + 1] = landmarks[i].y;
  }
  return out;
}

/**
 * Canonical 2-D points: wrist at origin, unit palm size, mirrored per the mode.
 * Returns a new Float64Array of 42 numbers.
 */
export function canonicalize(
  xy: ArrayLike<number>,
  handedness: Handedness,
  mode: MirrorMode = 'handedness',
): Float64Array {
  const out = new Float64Array(2 * NUM_LANDMARKS);
  const s = palmSize(xy);
  if (!(s > 0)) throw new Error('degenerate hand: zero palm size');
  const mirror = mirrors(xy, handedness, mode);
  const sx = mirror ? -1 : 1;
  for (let i = 0; i < NUM_LANDMARKS; i++) {
    out[2 * i] = (sx * (xy[2 * i] - xy[0])) / s;
    out[2 * i + 1] = (xy[2 * i + 1] - xy[1]) / s;
  }
  return out;
}

function dist(p: Float64Array, i: number, j: number): number {
  return Math.hypot(p[2 * i] - p[2 * j], p[2 * i + 1] - p[2 * j + 1]);
}

function cosAngle(p: Float64Array, a: number, b: number, c: number): number {
  // angle at b between b->a and b->c, as a cosine (1 = folded back, -1 = straight)
  const ux = p[2 * a] - p[2 * b];
  const uy = p[2 * a + 1] - p[2 * b + 1];
  const vx = p[2 * c] - p[2 * b];
  const vy = p[2 * c + 1] - p[2 * b + 1];
  const n = Math.hypot(ux, uy) * Math.hypot(vx, vy);
  return n > 1e-9 ? (ux * vx + uy * vy) / n : 0;
}

/** Names of the features, in order; length is FEATURE_SIZE. */
export const FEATURE_NAMES: readonly string[] = (() => {
  const n: string[] = [];
  for (let i = 1; i < NUM_LANDMARKS; i++) n.push(`x${i}`, `y${i}`);
  for (let a = 0; a < TIPS.length; a++) for (let b = a + 1; b < TIPS.length; b++) n.push(`d${TIPS[a]}_${TIPS[b]}`);
  for (const j of [5, 6, 9, 10, 13, 14, 17, 18]) n.push(`d4_${j}`);
  for (let f = 0; f < 5; f++) for (let k = 0; k < 3; k++) n.push(`bend${f}_${k}`);
  for (let f = 0; f < 5; f++) n.push(`reach${f}`);
  for (let f = 0; f < 5; f++) n.push(`dirx${f}`, `diry${f}`);
  for (const j of [3, 4]) n.push(`palmAcross${j}`, `palmAlong${j}`);
  n.push('crossIndexMiddle', 'crossMiddleRing');
  return n;
})();
export const FEATURE_SIZE = FEATURE_NAMES.length;

/** Feature vector from canonical points (see canonicalize). */
export function featuresFromCanonical(p: Float64Array): Float64Array {
  const f = new Float64Array(FEATURE_SIZE);
  let k = 0;
  for (let i = 2; i < 2 * NUM_LANDMARKS; i++) f[k++] = p[i];
  for (let a = 0; a < TIPS.length; a++) for (let b = a + 1; b < TIPS.length; b++) f[k++] = dist(p, TIPS[a], TIPS[b]);
  for (const j of [5, 6, 9, 10, 13, 14, 17, 18]) f[k++] = dist(p, 4, j);
  for (const chain of FINGER_CHAINS) {
    const full = [WRIST, ...chain];
    for (let j = 1; j <= 3; j++) f[k++] = cosAngle(p, full[j - 1], full[j], full[j + 1]);
  }
  for (const chain of FINGER_CHAINS) {
    const dTip = dist(p, WRIST, chain[3]);
    const dPip = dist(p, WRIST, chain[1]);
    f[k++] = dTip / Math.max(dPip, 1e-6);
  }
  for (const chain of FINGER_CHAINS) {
    const dx = p[2 * chain[3]] - p[2 * chain[0]];
    const dy = p[2 * chain[3] + 1] - p[2 * chain[0] + 1];
    const n = Math.max(Math.hypot(dx, dy), 1e-6);
    f[k++] = dx / n;
    f[k++] = dy / n;
  }
  // thumb IP and tip in a palm-aligned frame: across = 0 at index MCP, 1 at pinky MCP;
  // along = towards the fingers in units of the wrist->middle MCP length. Mirror- and
  // rotation-invariant, aimed at the A/S/T/M/N/E fists.
  const ax = p[34] - p[10];
  const ay = p[35] - p[11];
  const a2 = Math.max(ax * ax + ay * ay, 1e-9);
  const lx = p[18];
  const ly = p[19];
  const l2 = Math.max(lx * lx + ly * ly, 1e-9);
  for (const j of [3, 4]) {
    f[k++] = ((p[2 * j] - p[10]) * ax + (p[2 * j + 1] - p[11]) * ay) / a2;
    f[k++] = (p[2 * j] * lx + p[2 * j + 1] * ly) / l2;
  }
  // crossed fingers (R): the tips swap order compared with the MCPs along the palm width
  const cross = (m1: number, m2: number, t1: number, t2: number) => {
    const mx = p[2 * m1] - p[2 * m2];
    const my = p[2 * m1 + 1] - p[2 * m2 + 1];
    const tx = p[2 * t1] - p[2 * t2];
    const ty = p[2 * t1 + 1] - p[2 * t2 + 1];
    return (mx * tx + my * ty) / Math.max(mx * mx + my * my, 1e-9);
  };
  f[k++] = cross(5, 9, 8, 12);
  f[k] = cross(9, 13, 12, 16);
  return f;
}

/**
 * Optional depth features (when the weights say useZ): a presence flag, then features of the
 * 3-D landmark cloud that survive foreshortening (a finger pointing at the camera keeps its
 * 3-D angles): wrist at origin, mirrored like the 2-D canonical frame, divided by the 3-D palm
 * size. Blocks: 15 joint-bend cosines in 3-D; each finger's MCP->tip direction and the index
 * PIP->tip direction in a palm frame (u = wrist->middle MCP, v = across the palm, n = normal);
 * the 5 fingertips' signed distances to the palm plane; thumb tip to the 4 fingertips in 3-D.
 * All zeros (flag 0) when z is unknown (e.g. the signn CSV).
 */
export const Z_FEATURE_NAMES: readonly string[] = (() => {
  const n: string[] = ['zPresent'];
  for (let f = 0; f < 5; f++) for (let k = 0; k < 3; k++) n.push(`bend3d${f}_${k}`);
  for (let f = 0; f < 5; f++) n.push(`dirU${f}`, `dirV${f}`, `dirN${f}`);
  n.push('hookU1', 'hookV1', 'hookN1');
  for (const t of TIPS) n.push(`palmPlane${t}`);
  for (const t of [8, 12, 16, 20]) n.push(`d3d4_${t}`);
  return n;
})();
export const Z_FEATURE_SIZE = Z_FEATURE_NAMES.length;

const dot = (a: readonly number[], b: readonly number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** `a` divided by its length (at least 1e-9, so a zero vector stays zero). */
function unit(a: readonly number[]): number[] {
  const n = Math.max(Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]), 1e-9);
  return [a[0] / n, a[1] / n, a[2] / n];
}

export interface PalmFrame {
  /** from the wrist to the middle finger's knuckle */
  u: number[];
  /** across the knuckles (index to little finger), square to u */
  v: number[];
  /** u x v, the palm plane's normal */
  n: number[];
  /** u or v had no length: the frame says nothing */
  degenerate: boolean;
}

/**
 * The palm frame of a hand's 3-D points relative to its wrist (x, y, z of each landmark in turn),
 * the one the depth features are measured in and palm-facing.ts reads the palm's facing from.
 */
export function palmFrame(P: ArrayLike<number>): PalmFrame {
  const vec = (i: number, j: number) => [P[3 * j] - P[3 * i], P[3 * j + 1] - P[3 * i + 1], P[3 * j + 2] - P[3 * i + 2]];
  const up = vec(0, 9);
  const u = unit(up);
  const a = vec(5, 17);
  const au = dot(a, u);
  const side = [a[0] - au * u[0], a[1] - au * u[1], a[2] - au * u[2]];
  const v = unit(side);
  const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const length = (x: number[]) => Math.hypot(x[0], x[1], x[2]);
  const degenerate = !(length(up) > 1e-9) || !(length(side) > 1e-9) || !n.every(Number.isFinite);
  return { u, v, n, degenerate };
}

/**
 * Optional block after the depth features (weights' palmPoints, v5): every landmark but the wrist
 * in the palm frame (along u, across v, and above the palm plane along n), divided by the 3-D palm
 * size. Invariant to 3-D rotation and scale like the depth features, and it says where the thumb
 * tip sits among the knuckles (A/S/T/M/N/E) and which fingertip is in front (R, U, V). Zeros
 * when z is unknown.
 */
export const PALM_POINT_FEATURE_NAMES: readonly string[] = (() => {
  const n: string[] = [];
  for (let i = 1; i < NUM_LANDMARKS; i++) n.push(`palmU${i}`, `palmV${i}`, `palmN${i}`);
  return n;
})();
export const PALM_POINT_FEATURE_SIZE = PALM_POINT_FEATURE_NAMES.length;

/** Length of the feature vector for a layout (the weights' useZ and palmPoints). */
export function featureSize(useZ: boolean, palmPoints = false): number {
  return FEATURE_SIZE + (useZ ? Z_FEATURE_SIZE + (palmPoints ? PALM_POINT_FEATURE_SIZE : 0) : 0);
}

/**
 * xy: 42 numbers, z: 21 values in the same units as x and y (or null), mirror: flip x as the
 * 2-D canonicalisation does; palmPoints: append the palm-frame block (PALM_POINT_FEATURE_NAMES).
 */
export function depthFeatures(
  xy: ArrayLike<number>,
  z: ArrayLike<number> | null,
  mirror: boolean,
  palmPoints = false,
): Float64Array {
  const f = new Float64Array(Z_FEATURE_SIZE + (palmPoints ? PALM_POINT_FEATURE_SIZE : 0));
  if (!z) return f;
  for (let i = 0; i < NUM_LANDMARKS; i++) if (!Number.isFinite(z[i])) return f;
  const sx = mirror ? -1 : 1;
  const P = new Float64Array(3 * NUM_LANDMARKS);
  for (let i = 0; i < NUM_LANDMARKS; i++) {
    P[3 * i] = sx * (xy[2 * i] - xy[0]);
    P[3 * i + 1] = xy[2 * i + 1] - xy[1];
    P[3 * i + 2] = z[i] - z[0];
  }
  const h3 = (x: number, y: number, z: number) => Math.sqrt(x * x + y * y + z * z);
  const d3 = (i: number, j: number) =>
    h3(P[3 * i] - P[3 * j], P[3 * i + 1] - P[3 * j + 1], P[3 * i + 2] - P[3 * j + 2]);
  const palm = (d3(0, 5) + d3(0, 9) + d3(0, 13) + d3(0, 17) + d3(5, 17)) / 5;
  if (!(palm > 0)) return f;
  const vec = (i: number, j: number): [number, number, number] => [
    P[3 * j] - P[3 * i],
    P[3 * j + 1] - P[3 * i + 1],
    P[3 * j + 2] - P[3 * i + 2],
  ];
  const { u, v, n: nrm } = palmFrame(P);
  let k = 0;
  f[k++] = 1;
  for (const chain of FINGER_CHAINS) {
    const full = [WRIST, ...chain];
    for (let j = 1; j <= 3; j++) {
      const p = vec(full[j], full[j - 1]);
      const q = vec(full[j], full[j + 1]);
      const n = h3(p[0], p[1], p[2]) * h3(q[0], q[1], q[2]);
      f[k++] = n > 1e-9 ? dot(p, q) / n : 0;
    }
  }
  const inPalm = (d: number[]) => {
    const e = unit(d);
    f[k++] = dot(e, u);
    f[k++] = dot(e, v);
    f[k++] = dot(e, nrm);
  };
  for (const chain of FINGER_CHAINS) inPalm(vec(chain[0], chain[3]));
  inPalm(vec(6, 8));
  const c = [(P[15] + P[51]) / 2, (P[16] + P[52]) / 2, (P[17] + P[53]) / 2]; // mid of index and pinky MCP
  for (const t of TIPS) f[k++] = (dot([P[3 * t], P[3 * t + 1], P[3 * t + 2]], nrm) - dot(c, nrm)) / palm;
  for (const t of [8, 12, 16, 20]) f[k++] = d3(4, t) / palm;
  if (palmPoints)
    for (let i = 1; i < NUM_LANDMARKS; i++) {
      const q = [P[3 * i], P[3 * i + 1], P[3 * i + 2]];
      f[k++] = dot(q, u) / palm;
      f[k++] = dot(q, v) / palm;
      f[k++] = (dot(q, nrm) - dot(c, nrm)) / palm;
    }
  return f;
}

/** Back-compatible helper: depth features of an unmirrored hand. */
export function zFeatures(z: ArrayLike<number> | null, xy: ArrayLike<number>): Float64Array {
  return depthFeatures(xy, z, false);
}

function concat(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Whether canonicalize mirrors this hand. */
export function mirrors(xy: ArrayLike<number>, handedness: Handedness, mode: MirrorMode): boolean {
  return mode === 'chirality' ? palmChirality(xy) > 0 : handedness === 'Left';
}

/** Every landmark carries a finite z. */
export function hasDepth(landmarks: readonly Landmark[]): boolean {
  return landmarks.every((p) => typeof p.z === 'number' && Number.isFinite(p.z));
}

/** Landmarks (consistent units) -> classifier feature vector. */
export function extractFeatures(
  landmarks: readonly Landmark[],
  handedness: Handedness,
  mode: MirrorMode = 'handedness',
  useZ = false,
  palmPoints = false,
): Float64Array {
  const xy = toXY(landmarks);
  const f = featuresFromCanonical(canonicalize(xy, handedness, mode));
  if (!useZ) return f;
  return concat(
    f,
    depthFeatures(
      xy,
      hasDepth(landmarks) ? landmarks.map((p) => p.z as number) : null,
      mirrors(xy, handedness, mode),
      palmPoints,
    ),
  );
}

export function withZ(
  f: Float64Array,
  z: ArrayLike<number> | null,
  xy: ArrayLike<number>,
  handedness: Handedness = 'Unknown',
  mode: MirrorMode = 'chirality',
  palmPoints = false,
): Float64Array {
  return concat(f, depthFeatures(xy, z, mirrors(xy, handedness, mode), palmPoints));
}
