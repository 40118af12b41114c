import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

/** The real ASL photos (ASL_SHARED_DIR is set by playwright.config.ts). */
export const PHOTOS_DIR = resolve(process.env.ASL_SHARED_DIR!, 'data', 'photos');

/**
 * A photo moving over black: `size` pixels square (the photo fitted inside), its top-left corner
 * at `at(t)` for t from 0 to 1 over `frames` frames (a hand drawing a letter in the air).
 */
export interface MovingPhoto {
  photo: string;
  size: number;
  frames: number;
  at: (t: number) => [left: number, top: number];
}

export interface Y4mOptions {
  /** Photo paths (absolute, or relative to PHOTOS_DIR), or moving photos. */
  photos: Array<string | MovingPhoto>;
  out: string;
  width?: number;
  height?: number;
  fps?: number;
  /** How many frames each photo is shown for. */
  framesPerPhoto?: number;
}

/**
 * Builds a YUV4MPEG2 (C420jpeg: full-range BT.601, 4:2:0) video from real photos, each
 * letterboxed on black, for Chromium's --use-file-for-fake-video-capture.
 */
export async function buildY4m(opts: Y4mOptions): Promise<{ path: string; frames: number }> {
  const W = opts.width ?? 640;
  const H = opts.height ?? 480;
  const fps = opts.fps ?? 30;
  const per = opts.framesPerPhoto ?? 12;
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F${fps}:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frameHeader = Buffer.from('FRAME\n', 'ascii');
  const parts: Buffer[] = [header];
  let frames = 0;
  const pathOf = (photo: string) => (photo.startsWith('/') ? photo : join(PHOTOS_DIR, photo));
  for (const photo of opts.photos) {
    if (typeof photo !== 'string') {
      const small = await sharp(pathOf(photo.photo))
        .resize(photo.size, photo.size, { fit: 'contain', background: { r: 0, g: 0, b: 0 } })
        .removeAlpha()
        .toBuffer();
      for (let i = 0; i < photo.frames; i++) {
        const [left, top] = photo.at(photo.frames > 1 ? i / (photo.frames - 1) : 0);
        const rgb = await sharp({ create: { width: W, height: H, channels: 3, background: { r: 0, g: 0, b: 0 } } })
          .composite([{ input: small, left: Math.round(left), top: Math.round(top) }])
          .removeAlpha()
          .raw()
          .toBuffer();
        parts.push(frameHeader, rgbToI420(rgb, W, H));
        frames++;
      }
      continue;
    }
    const file = pathOf(photo);
    const rgb = await sharp(file)
      .resize(W, H, { fit: 'contain', background: { r: 0, g: 0, b: 0 } })
      .removeAlpha()
      .raw()
      .toBuffer();
    const yuv = rgbToI420(rgb, W, H);
    for (let i = 0; i < per; i++) {
      parts.push(frameHeader, yuv);
      frames++;
    }
  }
  await writeFile(opts.out, Buffer.concat(parts));
  return { path: opts.out, frames };
}

/** Full-range BT.601 (JFIF) RGB -> planar Y, U, V with 2x2 chroma averaging. */
export function rgbToI420(rgb: Buffer, W: number, H: number): Buffer {
  const out = Buffer.alloc(W * H + 2 * (W / 2) * (H / 2));
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  for (let i = 0, p = 0; i < W * H; i++, p += 3) {
    out[i] = clamp(0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!);
  }
  const uOff = W * H;
  const vOff = uOff + (W / 2) * (H / 2);
  for (let y = 0; y < H / 2; y++) {
    for (let x = 0; x < W / 2; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const p = ((y * 2 + dy) * W + (x * 2 + dx)) * 3;
        r += rgb[p]!;
        g += rgb[p + 1]!;
        b += rgb[p + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const c = y * (W / 2) + x;
      out[uOff + c] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      out[vOff + c] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return out;
}

/** Chromium launch options that play `videoPath` as the webcam (no permission prompt). */
export function fakeCameraLaunchOptions(videoPath: string, executablePath: string, baseArgs: string[]) {
  return {
    executablePath,
    args: [
      ...baseArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoPath}`,
    ],
  };
}
