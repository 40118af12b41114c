/**
 * Hand crop geometry (MediaPipe hand_detection_to_roi / hand_landmarks_to_roi):
 * rotation so the wrist->middle-finger-MCP direction points up, rect scale/shift,
 * and the affine maps between the rotated crop and the image.
 */
import type { Point2, Point3, Rect } from './types.js';
import type { Affine } from './warp.js';

export const normalizeRadians = (a: number): number => a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));

/** rotation that brings the vector start->end to "up" (target 90 deg), image y pointing down */
export function computeRotation(start: Point2, end: Point2): number {
  return normalizeRadians(Math.PI / 2 - Math.atan2(-(end[1] - start[1]), end[0] - start[0]));
}

export interface RectTransform {
  scaleX: number;
  scaleY: number;
  shiftX: number;
  shiftY: number;
  squareLong: boolean;
}
export const PALM_TO_HAND: RectTransform = { scaleX: 2.6, scaleY: 2.6, shiftX: 0, shiftY: -0.5, squareLong: true };
export const LANDMARKS_TO_HAND: RectTransform = { scaleX: 2.0, scaleY: 2.0, shiftX: 0, shiftY: -0.1, squareLong: true };

export function transformRect(r: Rect, t: RectTransform): Rect {
  const cos = Math.cos(r.rotation);
  const sin = Math.sin(r.rotation);
  const dx = r.w * t.shiftX * cos - r.h * t.shiftY * sin;
  const dy = r.w * t.shiftX * sin + r.h * t.shiftY * cos;
  let w = r.w;
  let h = r.h;
  if (t.squareLong) {
    const l = Math.max(w, h);
    w = l;
    h = l;
  }
  return { cx: r.cx + dx, cy: r.cy + dy, w: w * t.scaleX, h: h * t.scaleY, rotation: r.rotation };
}

/** palm detection (box + 7 keypoints, image pixels) -> hand crop rect */
export function palmToRect(
  box: { x: number; y: number; w: number; h: number },
  kp: Point2[],
  t: RectTransform = PALM_TO_HAND,
): Rect {
  const rotation = computeRotation(kp[0], kp[2]);
  return transformRect({ cx: box.x + box.w / 2, cy: box.y + box.h / 2, w: box.w, h: box.h, rotation }, t);
}

const ROI_IDS = [0, 1, 2, 3, 5, 6, 9, 10, 13, 14, 17, 18];

/** landmarks (image pixels) -> next-frame hand crop rect */
export function landmarksToRect(lm: Point3[], t: RectTransform = LANDMARKS_TO_HAND): Rect {
  const x1 = ((lm[5][0] + lm[13][0]) / 2 + lm[9][0]) / 2;
  const y1 = ((lm[5][1] + lm[13][1]) / 2 + lm[9][1]) / 2;
  const rotation = computeRotation([lm[0][0], lm[0][1]], [x1, y1]);
  const pts = ROI_IDS.map((i) => lm[i]);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const cx0 = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy0 = (Math.min(...ys) + Math.max(...ys)) / 2;
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const p of pts) {
    const dx = p[0] - cx0;
    const dy = p[1] - cy0;
    const rx = dx * cos + dy * sin;
    const ry = -dx * sin + dy * cos; // rotate by -rotation
    minX = Math.min(minX, rx);
    maxX = Math.max(maxX, rx);
    minY = Math.min(minY, ry);
    maxY = Math.max(maxY, ry);
  }
  const pcx = (minX + maxX) / 2;
  const pcy = (minY + maxY) / 2;
  const cx = cx0 + pcx * cos - pcy * sin;
  const cy = cy0 + pcx * sin + pcy * cos;
  return transformRect({ cx, cy, w: maxX - minX, h: maxY - minY, rotation }, t);
}

/**
 * affine mapping crop pixel coords (0..size) to image pixel coords; `mirror`: the crop is the
 * rect's content flipped left to right (the landmark model then reads the hand's mirror image)
 */
export function rectToImageAffine(r: Rect, size: number, mirror = false): Affine {
  const cos = Math.cos(r.rotation);
  const sin = Math.sin(r.rotation);
  const sx = mirror ? -r.w / size : r.w / size;
  const sy = r.h / size;
  // p = c + R * ((u - size/2)*sx, (v - size/2)*sy)
  const a = cos * sx,
    b = -sin * sy,
    d = sin * sx,
    e = cos * sy;
  return [a, b, r.cx - (a * size) / 2 - (b * size) / 2, d, e, r.cy - (d * size) / 2 - (e * size) / 2];
}

/**
 * MediaPipe's hand-landmark graph divides the model's z by 0.4 (`normalize_z: 0.4` in
 * hand_landmark_cpu.pbtxt, "to account for the Z coordinate distribution in the training data")
 * before projecting it like x. The landmark CSV sets and anyone else's MediaPipe landmarks carry z
 * on that scale, so ours does too (before 2026-11-25 it was 2.5 times smaller).
 */
export const MEDIAPIPE_NORMALIZE_Z = 0.4;

/**
 * landmark model output (crop pixels, z in crop pixel scale) -> image pixels; z is scaled like x
 * and divided by MEDIAPIPE_NORMALIZE_Z, as MediaPipe does. `mirror`: the crop was mirrored.
 */
export function projectLandmarks(raw: ArrayLike<number>, r: Rect, size: number, mirror = false): Point3[] {
  const m = rectToImageAffine(r, size, mirror);
  const zScale = r.w / size / MEDIAPIPE_NORMALIZE_Z;
  const out: Point3[] = [];
  for (let i = 0; i < raw.length / 3; i++) {
    const u = raw[3 * i];
    const v = raw[3 * i + 1];
    out.push([m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5], raw[3 * i + 2] * zScale]);
  }
  return out;
}

/**
 * The next frame's crop for a hand that moves: the crop its landmarks give (`seen`), moved on by
 * the step its crop took since the frame before (`before`), as if it kept its speed. A hand drawn
 * fast (a Z at 15 fps moves most of a palm a frame) otherwise lands off the crop's centre, blurred,
 * and is lost. A step under `minStep` of the crop's side (a held hand's jitter) is not followed:
 * the crop is `seen` itself.
 */
export function predictRect(seen: Rect, before: Rect | undefined, minStep: number): Rect {
  if (!before) return seen;
  const dx = seen.cx - before.cx;
  const dy = seen.cy - before.cy;
  if (Math.hypot(dx, dy) < minStep * seen.w) return seen;
  return { ...seen, cx: seen.cx + dx, cy: seen.cy + dy };
}
