/**
 * Test fixtures: hostile JPEGs for the frame tests, each built from a real image (no hand-patched sizes unless
 * the name says so).
 */
import sharp from 'sharp';

export const dataUrl = (jpeg: Buffer): string => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

/** offset of the first marker with this code, walking the segments as a decoder does */
export function markerOffset(jpeg: Buffer, code: number): number {
  let i = 2;
  while (i + 4 <= jpeg.length) {
    if (jpeg[i + 1] === code) return i;
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error(`no marker ${code.toString(16)}`);
}

/** A plain 320x240 frame with some structure (so it has real entropy-coded data). */
export function plainFrame(width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .composite([
      {
        input: { create: { width: width >> 1, height: height >> 2, channels: 3, background: { r: 250, g: 5, b: 90 } } },
        left: width >> 3,
        top: height >> 3,
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The reported attack: the first 200 bytes of a real 320x240 JPEG (a SOF, no scan). */
export const truncatedFrame = (jpeg: Buffer, bytes = 200): Buffer => Buffer.from(jpeg.subarray(0, bytes));

/**
 * A complete frame whose first Huffman table is corrupt: the header is well formed up to and
 * past the SOS, but libjpeg stops with a fatal error ("Bogus Huffman table definition").
 */
export function badHuffmanFrame(jpeg: Buffer): Buffer {
  const out = Buffer.from(jpeg);
  const dht = markerOffset(out, 0xc4);
  out.fill(0xff, dht + 5, dht + 21); // the 16 code-length counts: far more codes than exist
  return out;
}

/** A valid header through the SOS, then random bytes instead of the scan. */
export function garbageAfterHeader(jpeg: Buffer, bytes = 3000, seed = 1): Buffer {
  const sos = markerOffset(jpeg, 0xda);
  const end = sos + 2 + jpeg.readUInt16BE(sos + 2);
  let s = seed >>> 0;
  const junk = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    junk[i] = s >>> 24;
  }
  return Buffer.concat([jpeg.subarray(0, end), junk]);
}

/**
 * The reported decompression bomb: a real progressive greyscale JPEG of 10000x10000 pixels in
 * about 191 KB (decoding it needs 100 MB of samples, and far more in a decoder's buffers).
 * Takes several seconds to encode: build it once per test file.
 */
export function bombJpeg(side = 10_000): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: '#808080' } })
    .toColourspace('b-w')
    .jpeg({ progressive: true, mozjpeg: true })
    .toBuffer();
}

/** The same JPEG with a comment (COM) segment carrying `text` right after the SOI. */
export function withComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text);
  const seg = Buffer.alloc(4);
  seg.writeUInt16BE(0xfffe, 0);
  seg.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), seg, body, jpeg.subarray(2)]);
}

/**
 * A real JPEG whose frame header is patched to declare another size (cheap stand-in for a bomb
 * in the fuzz rounds: the decoder would allocate for the declared size).
 */
export function declaringSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  const sof = markerOffset(out, 0xc0);
  out.writeUInt16BE(height, sof + 5);
  out.writeUInt16BE(width, sof + 7);
  return out;
}

const segment = (code: number, body: Buffer) => {
  const h = Buffer.alloc(4);
  h.writeUInt16BE(0xff00 | code, 0);
  h.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([h, body]);
};

/**
 * A valid progressive greyscale JPEG with `extra` more scans, each a single end-of-band run over
 * every block: a few bytes a scan, but every scan makes a decoder walk the whole image (20,000 of
 * them in 256 KB kept a worker busy for 3 s). Built as the attack review built it.
 */
export async function manyScanJpeg(width: number, height: number, extra: number): Promise<Buffer> {
  const base = await sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .toColourspace('b-w')
    .jpeg({ progressive: true, quality: 50 })
    .toBuffer();
  const eoi = base.lastIndexOf(Buffer.from([0xff, 0xd9]));
  let i = 2;
  let component = 1;
  while (i < base.length) {
    if (base[i + 1] === 0xc2) {
      component = base[i + 10]!;
      break;
    }
    i += 2 + base.readUInt16BE(i + 2);
  }
  // an AC table (class 1, id 1) with one symbol, EOB14, coded as the single bit 0
  const counts = Buffer.alloc(16);
  counts[0] = 1;
  const table = segment(0xc4, Buffer.concat([Buffer.from([0x11]), counts, Buffer.from([0xe0])]));
  const bits = (16383 << 1) | 1; // '0' then 14 bits of run length (16384 + 16383 blocks), padded with 1
  const data = Buffer.from([(bits >> 8) & 0xff, bits & 0xff]);
  const scan = Buffer.concat([segment(0xda, Buffer.from([1, component, 0x01, 1, 63, 0x00])), data]);
  return Buffer.concat([base.subarray(0, eoi), table, ...Array<Buffer>(extra).fill(scan), Buffer.from([0xff, 0xd9])]);
}
