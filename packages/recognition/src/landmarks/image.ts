/** Raw RGB image checks and the background colour used to pad. */
import type { RgbImage } from './types.js';

export function checkRgb(img: RgbImage): RgbImage {
  if (!Number.isInteger(img.width) || !Number.isInteger(img.height) || img.width <= 0 || img.height <= 0)
    throw new Error(`bad image size ${img.width}x${img.height}`);
  if (img.data.length !== img.width * img.height * 3)
    throw new Error(`rgb buffer has ${img.data.length} bytes, expected ${img.width * img.height * 3}`);
  return img;
}

/** per-channel median of the 1-pixel image border: the colour used to pad (README tip) */
export function borderColor(img: RgbImage): [number, number, number] {
  const { data, width: W, height: H } = img;
  const ch: number[][] = [[], [], []];
  const push = (x: number, y: number): void => {
    const i = (y * W + x) * 3;
    ch[0].push(data[i]);
    ch[1].push(data[i + 1]);
    ch[2].push(data[i + 2]);
  };
  for (let x = 0; x < W; x++) {
    push(x, 0);
    push(x, H - 1);
  }
  for (let y = 1; y < H - 1; y++) {
    push(0, y);
    push(W - 1, y);
  }
  return ch.map((c) => {
    c.sort((a, b) => a - b);
    return c[c.length >> 1];
  }) as [number, number, number];
}
