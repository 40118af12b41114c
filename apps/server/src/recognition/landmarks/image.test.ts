import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeFrame, decodeImage, lastFrameDecoder } from './image.js';

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
  it('leaves truncated or corrupt JPEGs to sharp, which rejects them as before', async () => {
    const jpeg = await frame();
    await expect(decodeFrame(new Uint8Array(jpeg.subarray(0, jpeg.length >> 1)))).rejects.toThrow(/premature/i);
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
