import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  badHuffmanFrame,
  bombJpeg,
  dataUrl,
  garbageAfterHeader,
  manyScanJpeg,
  markerOffset,
  plainFrame,
  truncatedFrame,
} from '../test/hostile-jpegs';
import { readJpegHeader } from '../recognition/jpeg-header';
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
  it('reads the real size from the JPEG header and refuses a frame whose size differs from the metadata', async () => {
    const url = await jpegDataUrl(320, 240);
    expect(checkFrame(url, 320, 240)).toMatchObject({ ok: true, header: { width: 320, height: 240 } });
    expect(checkFrame(url, 240, 320)).toEqual({ ok: false, code: 'FRAME_BAD_DIMENSIONS' });
    expect(checkFrame(url, 321, 240)).toEqual({ ok: false, code: 'FRAME_BAD_DIMENSIONS' });
    // a real 640x480 frame labelled 320x240
    expect(checkFrame(await jpegDataUrl(640, 480), 320, 240)).toEqual({ ok: false, code: 'FRAME_BAD_DIMENSIONS' });
  });
  it('refuses frames over 1280x720 pixels even when they say so honestly', async () => {
    expect(checkFrame(await jpegDataUrl(1280, 720), 1280, 720).ok).toBe(true);
    expect(checkFrame(await jpegDataUrl(1280, 960), 1280, 960)).toEqual({ ok: false, code: 'FRAME_BAD_DIMENSIONS' });
    expect(checkFrame(await jpegDataUrl(1920, 1080), 1920, 1080)).toEqual({ ok: false, code: 'FRAME_BAD_DIMENSIONS' });
  });
  it("takes only a camera's kind of JPEG: baseline, 8-bit, greyscale or colour", async () => {
    const base = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#556' } });
    expect(checkFrame(dataUrl(await base().jpeg().toBuffer()), 320, 240).ok).toBe(true);
    expect(checkFrame(dataUrl(await base().toColourspace('b-w').jpeg().toBuffer()), 320, 240).ok).toBe(true);
    const refused = { ok: false, code: 'FRAME_TOO_COMPLEX' };
    // thousands of empty scans (3 s of a worker), any progressive one, CMYK, arithmetic coding
    const hostile = await manyScanJpeg(320, 240, 2000);
    expect(hostile.length).toBeLessThan(256 * 1024);
    expect(checkFrame(dataUrl(hostile), 320, 240)).toEqual(refused);
    expect(checkFrame(dataUrl(await base().jpeg({ progressive: true }).toBuffer()), 320, 240)).toEqual(refused);
    expect(checkFrame(dataUrl(await base().toColourspace('cmyk').jpeg().toBuffer()), 320, 240)).toEqual(refused);
    const arithmetic = await base().jpeg().toBuffer();
    arithmetic[markerOffset(arithmetic, 0xc0) + 1] = 0xc9; // SOF9: sequential, arithmetic-coded
    expect(checkFrame(dataUrl(arithmetic), 320, 240)).toEqual(refused);
  });

  it('refuses a truncated header or no frame header as not a JPEG', async () => {
    const jpeg = await plainFrame();
    for (const n of [4, 20, 150, 200, 300])
      expect(checkFrame(dataUrl(truncatedFrame(jpeg, n)), 320, 240), `${n} bytes`).toEqual({
        ok: false,
        code: 'FRAME_NOT_JPEG',
      });
    expect(checkFrame(dataUrl(Buffer.from([0xff, 0xd8, 0xff, 0xd9])), 320, 240)).toEqual({
      ok: false,
      code: 'FRAME_NOT_JPEG',
    });
  });
  it('leaves bad scan data to the decoder: the header of these frames is whole', async () => {
    const jpeg = await plainFrame();
    expect(checkFrame(dataUrl(badHuffmanFrame(jpeg)), 320, 240).ok).toBe(true);
    expect(checkFrame(dataUrl(garbageAfterHeader(jpeg)), 320, 240).ok).toBe(true);
  });
  describe('a decompression bomb', () => {
    let bomb: Buffer;
    beforeAll(async () => {
      bomb = await bombJpeg();
    }, 120_000);
    it('is a real 10000x10000 progressive greyscale JPEG under the 256 KB limit, refused from its header', () => {
      expect(bomb.length).toBeLessThan(256 * 1024);
      expect(checkFrame(dataUrl(bomb), 320, 240)).toEqual({ ok: false, code: 'FRAME_BAD_DIMENSIONS' });
      expect(checkFrame(dataUrl(bomb), 10_000, 10_000)).toEqual({ ok: false, code: 'FRAME_BAD_DIMENSIONS' });
      // figures for the record (no assertion on time): the header read alone, and the whole check
      const url = dataUrl(bomb);
      let t0 = performance.now();
      for (let i = 0; i < 1000; i++) readJpegHeader(bomb);
      const header = (performance.now() - t0) / 1000;
      t0 = performance.now();
      for (let i = 0; i < 100; i++) checkFrame(url, 320, 240);
      const whole = (performance.now() - t0) / 100;
      console.log(`bomb refused: header read ${header.toFixed(4)} ms, whole checkFrame ${whole.toFixed(3)} ms`);
    });
  });
});
