/** Image input: JPEG/PNG decode to RGB8 with sharp (EXIF auto-orient). */
import sharp from 'sharp';
import type { RgbImage } from '@asl/recognition';

export async function decodeImage(buf: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(buf)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels === 3) return { data, width: info.width, height: info.height };
  const n = info.width * info.height;
  const rgb = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++)
    for (let c = 0; c < 3; c++) rgb[3 * i + c] = data[i * info.channels + Math.min(c, info.channels - 1)];
  return { data: rgb, width: info.width, height: info.height };
}
