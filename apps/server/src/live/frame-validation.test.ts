import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkFrame } from './frame-validation';

async function jpegDataUrl(w = 320, h = 240): Promise<string> {
  const buf = await sharp({ create: { width: w, height: h, channels: 3, background: { r: 90, g: 60, b: 40 } } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${buf.toString('base64')}`;
}

describe('checkFrame', () => {
  it('accepts a real JPEG data URL', async () => {
    const r = checkFrame(await jpegDataUrl(), 320, 240);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.jpeg[0]).toBe(0xff);
  });
  it('refuses PNG and garbage', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    expect(checkFrame(`data:image/png;base64,${png.toString('base64')}`, 20, 20)).toEqual({
      ok: false,
      code: 'FRAME_NOT_JPEG',
    });
    expect(checkFrame(`data:image/jpeg;base64,${png.toString('base64')}`, 20, 20)).toEqual({
      ok: false,
      code: 'FRAME_NOT_JPEG',
    });
    expect(checkFrame('hello', 320, 240)).toEqual({ ok: false, code: 'FRAME_NOT_JPEG' });
  });
  it('refuses frames over 256 KB', () => {
    const big = Buffer.alloc(300 * 1024, 1);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    expect(checkFrame(`data:image/jpeg;base64,${big.toString('base64')}`, 320, 240)).toEqual({
      ok: false,
      code: 'FRAME_TOO_LARGE',
    });
  });
  it('refuses odd dimensions', async () => {
    expect(checkFrame(await jpegDataUrl(), 0, 240)).toEqual({ ok: false, code: 'FRAME_BAD_DIMENSIONS' });
    expect(checkFrame(await jpegDataUrl(), 320, 9000)).toEqual({ ok: false, code: 'FRAME_BAD_DIMENSIONS' });
  });
});
