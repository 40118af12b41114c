/**
 * Which way the palm faces: for telling a learner whose hand is read unsure to turn the palm
 * toward the camera, when the letter asked for is one signed palm to the camera.
 *
 * Measured (`npm run eval:palm-facing`): the facing (below) of the letters signed palm to the
 * camera has a median of 0.93-1.00 in every source with depth, and a 5th percentile of 0.80-0.98
 * in boris, ASLNow, Massey and ASL-HG; under FACING_TURNED_BELOW lie none of their photos as
 * taken and 0.5% of ASLNow's webcam rows (11% of siruyy's, one signer often filmed from the side).
 * C, D, G, H, O, P, Q and X are signed with the palm to the side or down, or differently by
 * different people: for them the facing says nothing. Held-out people's landmarks turned in 3-D
 * (the classifier's own figures there): turned 30 degrees, 0-2% are called turned; 60 degrees,
 * 80-94%, and 74-88% of the hands read unsure there get this advice. Read live from webcam
 * frames (`-- --live`), 6 of 2,240 frames of those people's palm-on letters are called turned,
 * and one held sign of 320 (a fist whose landmarks the model misreads) would be told to turn.
 */
import { palmFrame, type Landmark } from './normalize.js';

/** Letters signed with the palm toward the camera (median facing at least 0.9 in every source). */
export const PALM_TO_CAMERA_LETTERS: ReadonlySet<string> = new Set('ABEFIKLMNRSTUVWY'.split(''));

/**
 * Static letters not signed palm to the camera: side-on, pointing down, or held differently by
 * different sources (D and X face the camera in the photo sources, not in boris). Telling a
 * learner unsure of one of these to turn the palm toward the camera would be wrong.
 */
export const NOT_PALM_ON_LETTERS: ReadonlySet<string> = new Set('CDGHOPQX'.split(''));

/** A palm facing less than this (cosine to the camera's axis) is turned away. */
export const FACING_TURNED_BELOW = 0.65;

/**
 * How squarely the palm faces the camera (or shows its back): the absolute cosine between the
 * palm plane's normal and the camera's axis, from 1 (palm or back square to the camera) to 0
 * (palm seen edge-on). The palm plane is the one of the normalised depth features: u from the
 * wrist to the middle knuckle, v across the knuckles (index to little finger) made square to u.
 * Null when the landmarks carry no depth (z in the units of x and y) or the palm is degenerate.
 */
export function palmFacing(landmarks: readonly Landmark[]): number | null {
  const w = landmarks[0];
  if (!w || typeof w.z !== 'number' || landmarks.length <= 17) return null;
  const P = new Float64Array(3 * landmarks.length);
  for (let i = 0; i < landmarks.length; i++) {
    const a = landmarks[i]!;
    if (typeof a.z !== 'number') return null;
    P[3 * i] = a.x - w.x;
    P[3 * i + 1] = a.y - w.y;
    P[3 * i + 2] = a.z - w.z;
  }
  const { n, degenerate } = palmFrame(P);
  // the normal's component along the camera's axis (z)
  return degenerate ? null : Math.abs(n[2]!);
}

/** Whether the hand, asked for `letter`, has its palm turned away from the camera. */
export function palmTurnedAway(letter: string | null, landmarks: readonly Landmark[]): boolean {
  if (!letter || !PALM_TO_CAMERA_LETTERS.has(letter)) return false;
  const f = palmFacing(landmarks);
  return f !== null && f < FACING_TURNED_BELOW;
}
