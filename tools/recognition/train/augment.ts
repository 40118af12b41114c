/** Geometric augmentation of raw 2-D landmarks (before canonicalisation). */
import { NUM_LANDMARKS, palmSize } from '../../../packages/recognition/src/handshape/normalize.js';
import type { Rng } from './rng.js';

export interface AugmentOptions {
  /** std of log x/y aspect factor (CSV sets were normalised by width and height separately) */
  aspectLogStd: number;
  /** max rotation in degrees about the wrist */
  maxRotationDeg: number;
  /** max isotropic scale jitter (log); absorbed by palm normalisation, kept for completeness */
  scaleLog: number;
  /** per-coordinate Gaussian noise, in palm sizes */
  noise: number;
  /** probability of mirroring x (used for sources whose handedness is unknown) */
  mirrorProb: number;
}

export const DEFAULT_AUGMENT: AugmentOptions = {
  aspectLogStd: 0.22,
  maxRotationDeg: 25,
  scaleLog: 0.15,
  noise: 0.02,
  mirrorProb: 0.5,
};

export function augmentXY(xy: Float64Array, rng: Rng, o: AugmentOptions, mirror: boolean): Float64Array {
  const out = new Float64Array(xy.length);
  const ox = xy[0];
  const oy = xy[1];
  const aspect = Math.exp(Math.max(-2.5, Math.min(2.5, rng.normal())) * o.aspectLogStd);
  const scale = Math.exp(rng.uniform(-o.scaleLog, o.scaleLog));
  const th = (rng.uniform(-o.maxRotationDeg, o.maxRotationDeg) * Math.PI) / 180;
  const c = Math.cos(th);
  const s = Math.sin(th);
  const noise = o.noise * palmSize(xy);
  for (let i = 0; i < NUM_LANDMARKS; i++) {
    let x = (xy[2 * i] - ox) * aspect * scale;
    const y = ((xy[2 * i + 1] - oy) / aspect) * scale;
    if (mirror) x = -x;
    const rx = c * x - s * y;
    const ry = s * x + c * y;
    out[2 * i] = ox + rx + noise * rng.normal();
    out[2 * i + 1] = oy + ry + noise * rng.normal();
  }
  return out;
}

/**
 * 3-D rotation of the landmark cloud about the wrist (about the image y axis, uniform in
 * +-maxDeg: a camera to the side; and about the x axis, uniform in +-tiltDeg (default maxDeg): a
 * camera above or below) before projection: simulates a different viewpoint. Only for samples
 * with z; returns new xy and z.
 */
export function rotate3d(
  xy: Float64Array,
  z: Float64Array,
  rng: Rng,
  maxDeg: number,
  tiltDeg = maxDeg,
): { xy: Float64Array; z: Float64Array } {
  const tilt = rng.uniform(-tiltDeg, tiltDeg); // about x
  const turn = rng.uniform(-maxDeg, maxDeg); // about y
  return turn3d(xy, z, tilt, turn);
}

/**
 * The landmark cloud turned about the wrist by `tiltDeg` about the image x axis (a camera above or
 * below), then `turnDeg` about the y axis (a camera to the side). Returns new xy and z.
 */
export function turn3d(
  xy: Float64Array,
  z: Float64Array,
  tiltDeg: number,
  turnDeg: number,
): { xy: Float64Array; z: Float64Array } {
  const a = (tiltDeg * Math.PI) / 180;
  const b = (turnDeg * Math.PI) / 180;
  const ca = Math.cos(a),
    sa = Math.sin(a),
    cb = Math.cos(b),
    sb = Math.sin(b);
  const ox = xy[0],
    oy = xy[1],
    oz = z[0];
  const nxy = new Float64Array(xy.length);
  const nz = new Float64Array(z.length);
  for (let i = 0; i < NUM_LANDMARKS; i++) {
    const x = xy[2 * i] - ox;
    const y = xy[2 * i + 1] - oy;
    const w = z[i] - oz;
    // rotate about x: y, z
    const y1 = ca * y - sa * w;
    const z1 = sa * y + ca * w;
    // rotate about y: x, z
    const x2 = cb * x + sb * z1;
    const z2 = -sb * x + cb * z1;
    nxy[2 * i] = ox + x2;
    nxy[2 * i + 1] = oy + y1;
    nz[i] = oz + z2;
  }
  return { xy: nxy, z: nz };
}
