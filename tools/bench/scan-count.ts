/**
 * What checking a live frame's scans costs on the server's main thread (countScans, run on every
 * frame before it is queued): a phone photo as a camera frame, at 320x240 and 1280x720.
 * `npx tsx tools/bench/scan-count.ts` prints microseconds a frame.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { countScans } from '../../apps/server/src/recognition/jpeg-header';
import { sharedDir } from '../shared-dir.mjs';

/** MAX_FRAME_SCANS of apps/server/src/live/frame-validation.ts */
const MAX_FRAME_SCANS = 3;

const photo = await readFile(resolve(sharedDir(), 'data', 'photos', 'aslhg/B/P10_B_908.jpg'));
for (const [width, height] of [
  [320, 240],
  [1280, 720],
] as const) {
  const jpeg = await sharp(photo).resize(width, height).jpeg({ quality: 85 }).toBuffer();
  for (let i = 0; i < 500; i++) countScans(jpeg, MAX_FRAME_SCANS); // warm-up
  const runs = 5000;
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) countScans(jpeg, MAX_FRAME_SCANS);
  const us = ((performance.now() - t0) / runs) * 1000;
  console.log(`${width}x${height} (${jpeg.length} bytes): ${us.toFixed(1)} µs a frame`);
}
