/**
 * A photo of a hand moved across a webcam frame, as a learner draws J or Z in the air: the frames
 * a camera would take, each the average of the hand at several moments of the exposure (motion
 * blur, as a real sensor integrates a moving hand), for `eval:moving-photos`.
 */

export interface RawRgb {
  width: number;
  height: number;
  /** width * height * 3 bytes, RGB */
  data: Uint8Array;
}

/**
 * One frame (`width` x `height`, black) with `photo` placed with its top-left corner at each of
 * `positions` in turn, averaged: one position is a sharp frame, several a blurred one. Positions
 * are rounded to whole pixels; whatever falls outside the frame is cut off.
 */
export function exposeFrame(
  photo: RawRgb,
  positions: readonly (readonly [number, number])[],
  width: number,
  height: number,
): Uint8Array {
  const sum = new Float32Array(width * height * 3);
  for (const [px, py] of positions) {
    const ox = Math.round(px);
    const oy = Math.round(py);
    for (let y = Math.max(0, -oy); y < photo.height && y + oy < height; y++)
      for (let x = Math.max(0, -ox); x < photo.width && x + ox < width; x++) {
        const s = 3 * (y * photo.width + x);
        const d = 3 * ((y + oy) * width + x + ox);
        sum[d] += photo.data[s]!;
        sum[d + 1] += photo.data[s + 1]!;
        sum[d + 2] += photo.data[s + 2]!;
      }
  }
  const out = new Uint8Array(sum.length);
  for (let i = 0; i < sum.length; i++) out[i] = Math.round(sum[i]! / positions.length);
  return out;
}

export interface Stroke {
  /** the drawn path, t from 0 to 1, in the photo's top-left pixels */
  at: (t: number) => readonly [number, number];
  /** seconds the drawing takes */
  seconds: number;
  fps: number;
  /** still frames before the drawing (the handshape made) and after it */
  before: number;
  after: number;
  /** seconds of exposure a frame (0: sharp) */
  exposure: number;
  /** moments averaged into a blurred frame (default: one a pixel the hand travels while exposed, 2 to 48) */
  moments?: number;
}

/** Each frame's photo positions: still, then along the path (each averaged over its exposure), then still. */
export function strokeFrames(s: Stroke): (readonly [number, number])[][] {
  const drawn = Math.max(2, Math.round(s.seconds * s.fps));
  const span = s.exposure / s.seconds;
  const clamp = (t: number) => Math.min(1, Math.max(0, t));
  const frames: (readonly [number, number])[][] = [];
  for (let i = 0; i < s.before; i++) frames.push([s.at(0)]);
  for (let i = 1; i <= drawn; i++) {
    const end = i / drawn;
    // a continuous smear, not a few ghosts: about one moment a pixel of travel while exposed
    const [x0, y0] = s.at(clamp(end - span));
    const [x1, y1] = s.at(end);
    const moments =
      s.exposure > 0 ? (s.moments ?? Math.min(48, Math.max(2, Math.ceil(Math.hypot(x1 - x0, y1 - y0))))) : 1;
    frames.push(
      Array.from({ length: moments }, (_, k) => {
        const t = moments === 1 ? end : end - span + (span * k) / (moments - 1);
        return s.at(clamp(t));
      }),
    );
  }
  for (let i = 0; i < s.after; i++) frames.push([s.at(1)]);
  return frames;
}
