import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** ../shared/data beside the repository (the real ASL photos). */
export const SHARED_DATA = process.env.ASL_SHARED_DIR
  ? resolve(process.env.ASL_SHARED_DIR, 'data')
  : resolve(fileURLToPath(new URL('../../../../../shared/data', import.meta.url)));

/** A real photo as the browser would send it: letterboxed into 320x240, JPEG, as a data URL. */
export async function photoFrame(relPath: string, background = '#000'): Promise<string> {
  const jpeg = await sharp(resolve(SHARED_DATA, relPath))
    .resize(320, 240, { fit: 'contain', background })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
