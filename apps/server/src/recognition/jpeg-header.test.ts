import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { countScans, isSofMarker, readJpegHeader } from './jpeg-header';
import { manyScanJpeg } from '../test/hostile-jpegs';

const image = (width: number, height: number, channels: 1 | 3 = 3) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 160, b: 40 } } }).toColourspace(
    channels === 1 ? 'b-w' : 'srgb',
  );

/** offset of the first marker with this code (walking the segments as a decoder does) */
function markerAt(jpeg: Buffer, code: number): number {
  let i = 2;
  while (i < jpeg.length) {
    if (jpeg[i + 1] === code) return i;
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error(`no marker ${code.toString(16)}`);
}
const sosEnd = (jpeg: Buffer) => {
  const at = markerAt(jpeg, 0xda);
  return at + 2 + jpeg.readUInt16BE(at + 2);
};

describe('readJpegHeader', () => {
  it('reads a baseline JPEG', async () => {
    const jpeg = await image(320, 240).jpeg().toBuffer();
    expect(readJpegHeader(jpeg)).toEqual({
      ok: true,
      header: { width: 320, height: 240, components: 3, precision: 8, sof: 0xc0, progressive: false },
    });
  });

  it('reads a progressive JPEG', async () => {
    const jpeg = await image(641, 479).jpeg({ progressive: true }).toBuffer();
    expect(readJpegHeader(jpeg)).toMatchObject({
      ok: true,
      header: { width: 641, height: 479, components: 3, sof: 0xc2, progressive: true },
    });
  });

  it('reads a greyscale JPEG', async () => {
    const jpeg = await image(100, 30, 1).jpeg().toBuffer();
    expect(readJpegHeader(jpeg)).toMatchObject({ ok: true, header: { width: 100, height: 30, components: 1 } });
  });

  it('reads every SOF variant and skips DHT, JPG and DAC', async () => {
    const jpeg = await image(64, 48).jpeg().toBuffer();
    const sof = markerAt(jpeg, 0xc0);
    for (let code = 0xc0; code <= 0xcf; code++) {
      const patched = Buffer.from(jpeg);
      patched[sof + 1] = code;
      const r = readJpegHeader(patched);
      if (isSofMarker(code)) expect(r, code.toString(16)).toMatchObject({ ok: true, header: { sof: code, width: 64 } });
      // not a frame header: the scan comes without one
      else expect(r, code.toString(16)).toEqual({ ok: false, reason: 'no-frame' });
    }
    expect([0xc4, 0xc8, 0xcc].some(isSofMarker)).toBe(false);
  });

  it('skips fill bytes before markers and standalone markers', async () => {
    const jpeg = await image(320, 240).jpeg().toBuffer();
    const sof = markerAt(jpeg, 0xc0);
    const sos = markerAt(jpeg, 0xda);
    const filled = Buffer.concat([
      jpeg.subarray(0, sof),
      Buffer.from([0xff, 0xff, 0xff, 0xff]), // fill bytes, then the SOF marker itself
      jpeg.subarray(sof, sos),
      Buffer.from([0xff, 0xd3, 0xff, 0x01]), // RST3 and TEM: no length field
      jpeg.subarray(sos),
    ]);
    expect(readJpegHeader(filled)).toMatchObject({ ok: true, header: { width: 320, height: 240 } });
  });

  it('finds the SOF past large APPn segments and ignores what follows the SOS', async () => {
    const jpeg = await image(320, 240).jpeg().toBuffer();
    const app = Buffer.alloc(4 + 65_533, 0x41);
    app.writeUInt16BE(0xffe1, 0);
    app.writeUInt16BE(65_535, 2);
    const big = Buffer.concat([jpeg.subarray(0, 2), app, app, jpeg.subarray(2, sosEnd(jpeg)), Buffer.alloc(500, 7)]);
    expect(readJpegHeader(big)).toMatchObject({ ok: true, header: { width: 320, height: 240 } });
  });

  it('calls every prefix that ends before the SOS segment is complete truncated', async () => {
    const jpeg = await image(320, 240).jpeg().toBuffer();
    const end = sosEnd(jpeg);
    for (let len = 1; len < end; len++) {
      const r = readJpegHeader(jpeg.subarray(0, len));
      expect(r.ok, `prefix ${len}`).toBe(false);
      expect(r, `prefix ${len}`).toEqual({ ok: false, reason: 'truncated' });
    }
    // the first 200 bytes of a real frame (the reported attack) carry a SOF but no scan
    expect(readJpegHeader(jpeg.subarray(0, 200))).toEqual({ ok: false, reason: 'truncated' });
    expect(readJpegHeader(jpeg.subarray(0, end)).ok).toBe(true);
  });

  it('refuses garbage, other formats, and broken structure', async () => {
    const png = await image(20, 20).png().toBuffer();
    expect(readJpegHeader(png)).toEqual({ ok: false, reason: 'not-jpeg' });
    expect(readJpegHeader(new Uint8Array(0))).toEqual({ ok: false, reason: 'not-jpeg' });
    expect(readJpegHeader(Buffer.from('hello world'))).toEqual({ ok: false, reason: 'not-jpeg' });
    // SOI then garbage where a marker must be
    expect(readJpegHeader(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(300, 7)]))).toEqual({
      ok: false,
      reason: 'not-jpeg',
    });
    expect(readJpegHeader(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toEqual({ ok: false, reason: 'no-frame' });
    // a segment length under 2
    expect(readJpegHeader(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0, 0]))).toEqual({
      ok: false,
      reason: 'not-jpeg',
    });
    const jpeg = await image(64, 48).jpeg().toBuffer();
    const sof = markerAt(jpeg, 0xc0);
    const zero = Buffer.from(jpeg);
    zero.writeUInt16BE(0, sof + 5); // height 0 (defined later by a DNL marker): refused
    expect(readJpegHeader(zero)).toEqual({ ok: false, reason: 'bad-frame' });
    const twice = Buffer.concat([jpeg.subarray(0, sof), jpeg.subarray(sof, sof + 19), jpeg.subarray(sof)]);
    expect(readJpegHeader(twice)).toEqual({ ok: false, reason: 'no-frame' });
    // random bytes after a real SOI never throw
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    for (let k = 0; k < 2000; k++) {
      const junk = Buffer.from([0xff, 0xd8, ...Array.from({ length: 1 + (k % 97) }, rnd)]);
      expect(() => readJpegHeader(junk)).not.toThrow();
    }
  });
});

describe('countScans', () => {
  it('counts one scan in a baseline frame, a handful in a progressive one, and stops past the limit', async () => {
    expect(countScans(await image(320, 240).jpeg().toBuffer(), 16)).toBe(1);
    const progressive = countScans(await image(320, 240).jpeg({ progressive: true }).toBuffer(), 16);
    expect(progressive).toBeGreaterThan(1);
    expect(progressive).toBeLessThanOrEqual(12);
    const hostile = await manyScanJpeg(320, 240, 2000);
    expect(countScans(hostile, 16)).toBe(17); // counted no further than the limit + 1
    expect(countScans(hostile, 5000)).toBeGreaterThan(2000);
  });

  it('skips stuffed bytes and restart markers inside a scan', async () => {
    const jpeg = await image(64, 64).jpeg({ quality: 100 }).toBuffer();
    const sos = markerAt(jpeg, 0xda);
    const dataStart = sos + 2 + jpeg.readUInt16BE(sos + 2);
    const eoi = jpeg.length - 2;
    // entropy data with a stuffed 0xFF00 and an RST0, then the image's end
    const body = Buffer.concat([
      jpeg.subarray(0, dataStart),
      Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]),
      jpeg.subarray(eoi),
    ]);
    expect(countScans(body, 16)).toBe(1);
  });
});
