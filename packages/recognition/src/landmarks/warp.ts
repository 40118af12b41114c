/**
 * Affine bilinear warp from an RGB8 image into a float NHWC tensor (one job: sampling).
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
  const [a, b, c, d, e, f] = m;
  const rep = o.border === 'replicate';
  const bc = rep ? [0, 0, 0] : (o.border as number[]);
  const s = o.scale;
  const off = o.offset;
  const bv0 = bc[0] * s + off,
    bv1 = bc[1] * s + off,
    bv2 = bc[2] * s + off;
  let p = 0;
  for (let v = 0; v < outH; v++) {
    const vv = v + 0.5;
    for (let u = 0; u < outW; u++, p += 3) {
      const uu = u + 0.5;
      const x = a * uu + b * vv + c - 0.5;
      const y = d * uu + e * vv + f - 0.5;
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
      const x1 = x0 + 1;
      const y1 = y0 + 1;
      let r = 0,
        g = 0,
        bl = 0;
      // fast path: all four inside
      if (x0 >= 0 && y0 >= 0 && x1 < W && y1 < H) {
        const i00 = (y0 * W + x0) * 3;
        const i01 = i00 + 3;
        const i10 = i00 + W * 3;
        const i11 = i10 + 3;
        const w00 = (1 - fx) * (1 - fy),
          w01 = fx * (1 - fy),
          w10 = (1 - fx) * fy,
          w11 = fx * fy;
        r = data[i00] * w00 + data[i01] * w01 + data[i10] * w10 + data[i11] * w11;
        g = data[i00 + 1] * w00 + data[i01 + 1] * w01 + data[i10 + 1] * w10 + data[i11 + 1] * w11;
        bl = data[i00 + 2] * w00 + data[i01 + 2] * w01 + data[i10 + 2] * w10 + data[i11 + 2] * w11;
      } else {
        const px = (xx: number, yy: number, ch: number): number => {
          if (xx < 0 || yy < 0 || xx >= W || yy >= H) {
            if (!rep) return bc[ch];
            xx = Math.min(W - 1, Math.max(0, xx));
            yy = Math.min(H - 1, Math.max(0, yy));
          }
          return data[(yy * W + xx) * 3 + ch];
        };
        for (let ch = 0; ch < 3; ch++) {
          const val =
            px(x0, y0, ch) * (1 - fx) * (1 - fy) +
            px(x1, y0, ch) * fx * (1 - fy) +
            px(x0, y1, ch) * (1 - fx) * fy +
            px(x1, y1, ch) * fx * fy;
          if (ch === 0) r = val;
          else if (ch === 1) g = val;
          else bl = val;
        }
      }
      out[p] = r * s + off;
      out[p + 1] = g * s + off;
      out[p + 2] = bl * s + off;
    }
  }
  return out;
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
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const i = (2 * y * sw + 2 * x) * 3;
          const j = i + sw * 3;
          const o = (y * w + x) * 3;
          for (let c = 0; c < 3; c++) out[o + c] = (d[i + c] + d[i + 3 + c] + d[j + c] + d[j + 3 + c] + 2) >> 2;
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
