import { resolve } from 'node:path';
import sharp from 'sharp';

/** The shared data folder with the real ASL photos (ASL_SHARED_DIR is set by vitest.config.ts). */
export const SHARED_DATA = resolve(process.env.ASL_SHARED_DIR!, 'data');

/** A real photo as the browser would send it: letterboxed into 320x240, JPEG, as a data URL. */
export async function photoFrame(relPath: string, background = '#000'): Promise<string> {
  const jpeg = await sharp(resolve(SHARED_DATA, relPath))
    .resize(320, 240, { fit: 'contain', background })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** A frame with no hand in it (a dark room's wall), as a data URL. */
export async function blankFrame(): Promise<string> {
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a2a2a' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
