/**
 * Affine bilinear warp from an RGB8 (or RGBA8, alpha ignored) image into a float NHWC RGB tensor
 * (one job: sampling).
 * The matrix maps an output pixel centre (u+0.5, v+0.5) to continuous source coordinates
 * x = a*u' + b*v' + c, y = d*u' + e*v' + f (u' = u+0.5, v' = v+0.5), pixel centres at +0.5.
 */
import type { RgbImage } from './types.js';

export type Affine = [number, number, number, number, number, number];
export interface WarpOptions {
  /** out = pixel * scale + offset */
  scale: number;
  offset: number;
  /** border: RGB colour (0..255) or 'replicate' */
  border: [number, number, number] | 'replicate';
}

export function warpAffine(
  img: RgbImage,
  m: Affine,
  outW: number,
  outH: number,
  o: WarpOptions,
  out: Float32Array = new Float32Array(outW * outH * 3),
): Float32Array {
  const { data, width: W, height: H } = img;
  // bytes per pixel: 3 (RGB) or 4 (RGBA as a decoder gives it, alpha ignored)
  const C = img.channels ?? 3;
  const [a, b, c, d, e, f] = m;
  const rep = o.border === 'replicate';
  const bc = rep ? [0, 0, 0] : (o.border as number[]);
  const s = o.scale;
  const off = o.offset;
  const bv0 = bc[0] * s + off,
    bv1 = bc[1] * s + off,
    bv2 = bc[2] * s + off;
  const WC = W * C;
  const xMax = W - 1,
    yMax = H - 1;
  // the four neighbours of (x, y) are inside when 0 <= x < W-1 and 0 <= y < H-1
  let p = 0;
  for (let v = 0; v < outH; v++) {
    const vv = v + 0.5;
    // source position of the output pixel centre (u + 0.5, v + 0.5), minus the +0.5 pixel-centre offset
    const rowX = b * vv + c - 0.5;
    const rowY = e * vv + f - 0.5;
    for (let u = 0; u < outW; u++, p += 3) {
      const uu = u + 0.5;
      const x = a * uu + rowX;
      const y = d * uu + rowY;
      if (x >= 0 && y >= 0 && x < xMax && y < yMax) {
        // fast path: all four neighbours inside (x, y >= 0, so truncation is the floor)
        const x0 = x | 0;
        const y0 = y | 0;
        const fx = x - x0;
        const fy = y - y0;
        const i00 = y0 * WC + x0 * C;
        const i10 = i00 + WC;
        const gx = 1 - fx;
        const w00 = gx * (1 - fy),
          w01 = fx * (1 - fy),
          w10 = gx * fy,
          w11 = fx * fy;
        out[p] = (data[i00] * w00 + data[i00 + C] * w01 + data[i10] * w10 + data[i10 + C] * w11) * s + off;
        out[p + 1] =
          (data[i00 + 1] * w00 + data[i00 + C + 1] * w01 + data[i10 + 1] * w10 + data[i10 + C + 1] * w11) * s + off;
        out[p + 2] =
          (data[i00 + 2] * w00 + data[i00 + C + 2] * w01 + data[i10 + 2] * w10 + data[i10 + C + 2] * w11) * s + off;
        continue;
      }
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      if (!rep && (x0 < -1 || y0 < -1 || x0 >= W || y0 >= H)) {
        out[p] = bv0;
        out[p + 1] = bv1;
        out[p + 2] = bv2;
        continue;
      }
      // border: each neighbour is a pixel index, or -1 for the border colour
      const x1 = x0 + 1;
      const y1 = y0 + 1;
      const i00 = pixelIndex(x0, y0, W, xMax, yMax, rep, C);
      const i01 = pixelIndex(x1, y0, W, xMax, yMax, rep, C);
      const i10 = pixelIndex(x0, y1, W, xMax, yMax, rep, C);
      const i11 = pixelIndex(x1, y1, W, xMax, yMax, rep, C);
      const w00 = (1 - fx) * (1 - fy),
        w01 = fx * (1 - fy),
        w10 = (1 - fx) * fy,
        w11 = fx * fy;
      for (let ch = 0; ch < 3; ch++) {
        const bch = bc[ch];
        const val =
          (i00 < 0 ? bch : data[i00 + ch]) * w00 +
          (i01 < 0 ? bch : data[i01 + ch]) * w01 +
          (i10 < 0 ? bch : data[i10 + ch]) * w10 +
          (i11 < 0 ? bch : data[i11 + ch]) * w11;
        out[p + ch] = val * s + off;
      }
    }
  }
  return out;
}

/** byte index of pixel (x, y); outside the image: clamped ('replicate') or -1 (border colour) */
function pixelIndex(x: number, y: number, W: number, xMax: number, yMax: number, rep: boolean, C: number): number {
  if (x < 0 || y < 0 || x > xMax || y > yMax) {
    if (!rep) return -1;
    x = x < 0 ? 0 : x > xMax ? xMax : x;
    y = y < 0 ? 0 : y > yMax ? yMax : y;
  }
  return (y * W + x) * C;
}

/** apply an Affine to a point given in output-pixel continuous coords */
export function applyAffine(m: Affine, u: number, v: number): [number, number] {
  return [m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5]];
}

/**
 * Lazily built 2x box-filtered pyramid: big downscales (a 4000 px photo into a 256 px model input)
 * sample a level where one output pixel covers at most ~2 source pixels, so bilinear sampling
 * does not alias. Video-sized frames stay on level 0 (no cost).
 */
export class ImagePyramid {
  private levels: RgbImage[];
  constructor(img: RgbImage) {
    this.levels = [img];
  }
  level(l: number): RgbImage {
    while (this.levels.length <= l) {
      const src = this.levels[this.levels.length - 1];
      const w = Math.max(1, src.width >> 1);
      const h = Math.max(1, src.height >> 1);
      if (src.width < 2 || src.height < 2) return src;
      const out = new Uint8Array(w * h * 3);
      const sw = src.width;
      const d = src.data;
      const C = src.channels ?? 3; // levels above 0 are RGB
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const i = (2 * y * sw + 2 * x) * C;
          const j = i + sw * C;
          const o = (y * w + x) * 3;
          for (let c = 0; c < 3; c++) out[o + c] = (d[i + c] + d[i + C + c] + d[j + c] + d[j + C + c] + 2) >> 2;
        }
      }
      this.levels.push({ data: out, width: w, height: h });
    }
    return this.levels[l];
  }
}

/** warp sampling from the pyramid level that keeps the per-pixel downscale below 2 */
export function warpAffinePyramid(
  pyr: ImagePyramid,
  m: Affine,
  outW: number,
  outH: number,
  o: WarpOptions,
  out?: Float32Array,
): Float32Array {
  const scale = Math.sqrt(Math.abs(m[0] * m[4] - m[1] * m[3]));
  let l = scale >= 2 ? Math.floor(Math.log2(scale)) : 0;
  let img = pyr.level(l);
  while (l > 0 && img === pyr.level(l - 1)) {
    l--;
    img = pyr.level(l);
  }
  const f = 2 ** l;
  const mm: Affine = [m[0] / f, m[1] / f, m[2] / f, m[3] / f, m[4] / f, m[5] / f];
  return warpAffine(img, mm, outW, outH, o, out);
}
