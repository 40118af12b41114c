import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { badHuffmanFrame, bombJpeg, plainFrame, truncatedFrame } from '../../test/hostile-jpegs';
import { ImageRejectedError } from '../image-limits';
import { decodedSize, decodeFrame, decodeImage, lastFrameDecoder } from './image.js';

const frame = (): Promise<Buffer> =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 200, b: 30 } } })
    .composite([
      {
        input: { create: { width: 20, height: 10, channels: 3, background: { r: 250, g: 5, b: 120 } } },
        left: 7,
        top: 9,
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();

describe('decodeFrame (wasm libjpeg, sharp fallback)', () => {
  it('decodes a JPEG frame to the same RGB pixels as sharp', async () => {
    const jpeg = await frame();
    const a = await decodeFrame(new Uint8Array(jpeg));
    expect(lastFrameDecoder()).toBe('wasm');
    const b = await decodeImage(jpeg);
    expect([a.width, a.height]).toEqual([64, 48]);
    expect(a.data.length).toBe(64 * 48 * 3);
    let worst = 0;
    for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs(a.data[i] - b.data[i]));
    expect(worst).toBeLessThanOrEqual(2);
  });
  it('keeps the RGBA pixels of the decoder when asked (no copy to RGB), the same colours', async () => {
    const jpeg = await frame();
    const rgb = await decodeFrame(new Uint8Array(jpeg));
    const rgba = await decodeFrame(new Uint8Array(jpeg), undefined, true);
    expect(rgba.channels).toBe(4);
    expect(rgba.data.length).toBe(64 * 48 * 4);
    for (let i = 0; i < 64 * 48; i++)
      for (let c = 0; c < 3; c++) expect(rgba.data[4 * i + c]).toBe(rgb.data[3 * i + c]);
  });
  it('leaves truncated or corrupt JPEGs to sharp, which rejects them as before', async () => {
    const jpeg = await frame();
    // cut inside the scan: libjpeg warns, sharp refuses
    await expect(decodeFrame(new Uint8Array(jpeg.subarray(0, jpeg.length - 30)))).rejects.toThrow(/premature/i);
    // cut inside the header: refused before any decoder
    await expect(decodeFrame(new Uint8Array(jpeg.subarray(0, 200)))).rejects.toMatchObject({ reason: 'unreadable' });
    const garbage = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(300, 7)]);
    await expect(decodeFrame(new Uint8Array(garbage))).rejects.toThrow();
    const again = await decodeFrame(new Uint8Array(jpeg)); // the wasm decoder still works afterwards
    expect(again.width).toBe(64);
  });
  it('decodes non-JPEG input with sharp', async () => {
    const png = await sharp({ create: { width: 5, height: 4, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const img = await decodeFrame(new Uint8Array(png));
    expect(lastFrameDecoder()).toBe('sharp');
    expect([img.width, img.height, img.data[0], img.data[1]]).toEqual([5, 4, 255, 0]);
  });
});

describe('the frame decoder survives hostile input', () => {
  /** runs the fixture in its own thread; a decoder that spins is terminated after the timeout */
  function runInWorker(bad: Uint8Array[], valid: Uint8Array, timeoutMs = 60_000): Promise<any> {
    return new Promise((resolve, reject) => {
      const w = new Worker(new URL('../../test/decode-fixture.mjs', import.meta.url), { workerData: { bad, valid } });
      const timer = setTimeout(() => {
        void w.terminate();
        reject(new Error(`the decoder thread gave no answer within ${timeoutMs} ms (spinning)`));
      }, timeoutMs);
      w.once('message', (m) => {
        clearTimeout(timer);
        void w.terminate();
        resolve(m);
      });
      w.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
  }

  it('decodes a valid frame after hundreds of frames that make libjpeg fail fatally', async () => {
    const valid = await plainFrame();
    // the reported attack (the first 200 bytes of a real frame) and whole frames whose Huffman
    // table is bogus (libjpeg's fatal error path, past any header check)
    const bad = Array.from({ length: 300 }, (_, i) => (i % 2 ? truncatedFrame(valid) : badHuffmanFrame(valid)));
    const r = await runInWorker(bad, valid);
    expect(r.errors).toEqual({ ImageRejectedError: 300 });
    expect(r.decoded).toEqual(
      Array.from({ length: 3 }, () => ({ width: 320, height: 240, decoder: 'wasm', bytes: 320 * 240 * 3 })),
    );
    // a fresh wasm instance after each failure, never a decode on one that failed
    expect(r.instances).toBe(1 + 150);
  });

  it('refuses frames and photos over their limits from the header, before decoding', async () => {
    const bomb = await bombJpeg();
    await expect(decodeFrame(new Uint8Array(bomb))).rejects.toMatchObject({
      name: 'ImageRejectedError',
      reason: 'too-large',
    });
    await expect(decodeImage(bomb)).rejects.toMatchObject({ reason: 'too-large' });
    // other formats: sharp's own pixel limit, from the header (a 20 MP PNG against a 16 MP limit)
    const png = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const limits = { maxWidth: 8192, maxHeight: 8192, maxPixels: 4096 * 4096 };
    await expect(decodeImage(png, limits)).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(decodeImage(png, limits)).rejects.toMatchObject({ reason: 'too-large' });
    // a 4096x4096 photo (16 megapixels) is decoded whole
    const big = await sharp({ create: { width: 4096, height: 4096, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    expect(await decodeImage(big)).toMatchObject({ width: 4096, height: 4096, scale: 1 });
    // a phone's 24 MP photo is within the photo limit, and decoded shrunk to 16 MP, aspect kept
    const phone = await sharp({ create: { width: 5712, height: 4284, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const shrunk = await decodeImage(phone);
    expect(shrunk.width * shrunk.height).toBeLessThanOrEqual(4096 * 4096);
    expect(shrunk.data.length).toBe(shrunk.width * shrunk.height * 3);
    expect(shrunk.width).toBeGreaterThan(4700);
    expect(shrunk.scale).toBeCloseTo(5712 / shrunk.width, 9);
    expect(shrunk.height * shrunk.scale).toBeCloseTo(4284, -1);
  }, 120_000);
});

describe('decodedSize', () => {
  it('keeps a photo within the limit whole and shrinks a larger one to it, aspect kept', () => {
    expect(decodedSize(4000, 3000, 16e6)).toEqual({ width: 4000, height: 3000 });
    const s = decodedSize(8064, 6048, 4096 * 4096);
    expect(s.width * s.height).toBeLessThanOrEqual(4096 * 4096);
    expect(s.width / s.height).toBeCloseTo(8064 / 6048, 3);
    expect(decodedSize(6048, 8064, 4096 * 4096)).toEqual({ width: s.height, height: s.width });
  });
});
