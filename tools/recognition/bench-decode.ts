/**
 * Decode cost of a live 320x240 frame on each path (prints figures, asserts nothing):
 *   nice -n 10 npx tsx tools/recognition/bench-decode.ts
 * - wasm libjpeg, one instance (the normal path)
 * - wasm after a failure: the fresh instance a frame pays for when the previous frame failed
 * - sharp (libvips), the fallback
 * - the JPEG header read (frame and a 10000x10000 bomb)
 */
import sharp from 'sharp';
import { readJpegHeader } from '../../apps/server/src/recognition/jpeg-header';
import { FRAME_LIMITS } from '../../apps/server/src/recognition/image-limits';
import { badHuffmanFrame, bombJpeg, plainFrame } from '../../apps/server/src/test/hostile-jpegs';
import { decodeFrame, decodeImage, lastFrameDecoder } from '../../apps/server/src/recognition/landmarks/image';

const N = Number(process.env.N ?? 300);

async function time(name: string, f: () => Promise<unknown> | unknown, between?: () => Promise<unknown>) {
  for (let i = 0; i < 30; i++) {
    await between?.();
    await f();
  }
  const xs: number[] = [];
  for (let i = 0; i < N; i++) {
    await between?.();
    const t0 = performance.now();
    await f();
    xs.push(performance.now() - t0);
  }
  xs.sort((a, b) => a - b);
  const q = (p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(3);
  console.log(`${name.padEnd(46)} p50 ${q(0.5)} ms  p90 ${q(0.9)} ms`);
}

const frame = await sharp(await plainFrame(320, 240))
  .jpeg({ quality: 80 })
  .toBuffer();
const bad = badHuffmanFrame(frame);
const u8 = new Uint8Array(frame);
await decodeFrame(u8);
if (lastFrameDecoder() !== 'wasm') throw new Error('the wasm decoder is not in use');
await time('decodeFrame, wasm (one instance)', () => decodeFrame(u8));
await time(
  'decodeFrame, wasm after a failed frame (fresh)',
  () => decodeFrame(u8),
  () => decodeFrame(bad).catch(() => null),
);
await time('decodeImage, sharp', () => decodeImage(frame, FRAME_LIMITS));
// the header read is too quick to time one by one: 1000 reads per sample, reported per read
const perRead = (name: string, buf: Buffer) => {
  const t0 = performance.now();
  for (let i = 0; i < 100_000; i++) readJpegHeader(buf);
  console.log(`${name.padEnd(46)} ${(((performance.now() - t0) / 100_000) * 1000).toFixed(2)} us a read`);
};
perRead('readJpegHeader, 320x240 frame', frame);
const bomb = await bombJpeg();
perRead(`readJpegHeader, ${(bomb.length / 1024).toFixed(0)} KB 10000x10000 bomb`, bomb);
