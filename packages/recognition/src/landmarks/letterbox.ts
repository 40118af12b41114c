/**
 * Detector input geometry: letterbox (fit the whole image into the square model input, centred
 * padding) generalised to extra padding and rotation.
 */
import type { Affine } from './warp.js';

export interface Letterbox {
  size: number;
  scale: number;
  padX: number;
  padY: number;
}

export function letterbox(width: number, height: number, size: number): Letterbox {
  const scale = size / Math.max(width, height);
  return { size, scale, padX: (size - width * scale) / 2, padY: (size - height * scale) / 2 };
}

/** matrix mapping model-input pixel coords -> image pixel coords */
export function letterboxToImage(lb: Letterbox): Affine {
  return [1 / lb.scale, 0, -lb.padX / lb.scale, 0, 1 / lb.scale, -lb.padY / lb.scale];
}

export function unletterboxPoint(lb: Letterbox, x: number, y: number): [number, number] {
  return [(x - lb.padX) / lb.scale, (y - lb.padY) / lb.scale];
}

/**
 * model-input pixel -> image pixel map for palm detection: a square of side pad x long side,
 * centred on the image, rotated by rotateDeg (pad 1, rotation 0 = the usual letterbox)
 */
export function detectionAffine(width: number, height: number, pad: number, rotateDeg: number, size: number): Affine {
  const s = (Math.max(width, height) * pad) / size;
  const t = (rotateDeg * Math.PI) / 180;
  const c = Math.cos(t) * s;
  const n = Math.sin(t) * s;
  const h = size / 2;
  return [c, -n, width / 2 - h * c + h * n, n, c, height / 2 - h * n - h * c];
}
