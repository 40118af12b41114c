/** Raw RGB image checks and the background colour used to pad. */
import type { RgbImage } from './types.js';

export function checkRgb(img: RgbImage): RgbImage {
  if (!Number.isInteger(img.width) || !Number.isInteger(img.height) || img.width <= 0 || img.height <= 0)
    throw new Error(`bad image size ${img.width}x${img.height}`);
  const c = img.channels ?? 3;
  if (c !== 3 && c !== 4) throw new Error(`bad channel count ${String(c)}`);
  if (img.data.length !== img.width * img.height * c)
    throw new Error(`rgb buffer has ${img.data.length} bytes, expected ${img.width * img.height * c}`);
  return img;
}

/** per-channel median of the 1-pixel image border: the colour used to pad (README tip) */
export function borderColor(img: RgbImage): [number, number, number] {
  const { data, width: W, height: H } = img;
  const C = img.channels ?? 3;
  // 256-bin histograms: the same (lower) median as sorting, without allocating per pixel
  const hist = new Uint32Array(768);
  let n = 0;
  const add = (i: number): void => {
    hist[data[i]]++;
    hist[256 + data[i + 1]]++;
    hist[512 + data[i + 2]]++;
    n++;
  };
  const last = (H - 1) * W * C;
  for (let x = 0; x < W; x++) {
    add(x * C);
    add(last + x * C);
  }
  for (let y = 1; y < H - 1; y++) {
    add(y * W * C);
    add((y * W + W - 1) * C);
  }
  const rank = n >> 1; // index of the median in the sorted list
  const out: [number, number, number] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += hist[c * 256 + v];
      if (seen > rank) {
        out[c] = v;
        break;
      }
    }
  }
  return out;
}
