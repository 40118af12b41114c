/**
 * Reads a JPEG's frame header (SOF) without decoding any pixels: the real width and height,
 * before a decoder is asked to allocate for them. Walks the marker segments from SOI to the
 * first SOS (start of scan) and stops there; cost is one pass over the segment headers
 * (microseconds for a camera frame).
 *
 * Strict on structure, as a camera frame never needs leniency: every segment must start with
 * 0xFF (any number of 0xFF fill bytes may precede a marker code), every length must fit in the
 * buffer, exactly one SOF must come before the SOS, and the SOS segment must be complete.
 */

export interface JpegHeader {
  width: number;
  height: number;
  /** 1 greyscale, 3 YCbCr/RGB, 4 CMYK/YCCK */
  components: number;
  /** bits per sample (8 for baseline, 8 or 12 for extended/progressive) */
  precision: number;
  /** the SOF marker code, 0xC0-0xCF except DHT (C4), JPG (C8), DAC (CC) */
  sof: number;
  progressive: boolean;
}

export type JpegHeaderResult =
  | { ok: true; header: JpegHeader }
  | {
      ok: false;
      /**
       * not-jpeg: no SOI, or bytes where a marker must be; truncated: the data ends before the
       * SOS segment is complete; no-frame: a scan, EOI or second SOF without exactly one SOF
       * before it; bad-frame: an SOF segment too short or with a zero size or component count.
       */
      reason: 'not-jpeg' | 'truncated' | 'no-frame' | 'bad-frame';
    };

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;

/** SOF0-SOF15 less the three codes in that range that are not frame headers. */
export function isSofMarker(code: number): boolean {
  return code >= 0xc0 && code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc;
}

/** progressive SOFs: SOF2 (Huffman), SOF6 (differential), SOF10 (arithmetic), SOF14 (differential arithmetic) */
const PROGRESSIVE = new Set([0xc2, 0xc6, 0xca, 0xce]);

/** Markers without a length field: TEM and RST0-RST7 (SOI and EOI are handled on their own). */
const standalone = (code: number): boolean => code === TEM || (code >= 0xd0 && code <= 0xd7);

export function readJpegHeader(buf: Uint8Array): JpegHeaderResult {
  const n = buf.length;
  if (n < 2) return n === 1 && buf[0] === 0xff ? truncated : notJpeg;
  if (buf[0] !== 0xff || buf[1] !== SOI) return notJpeg;
  let header: JpegHeader | null = null;
  let i = 2;
  for (;;) {
    if (i >= n) return truncated;
    if (buf[i] !== 0xff) return notJpeg;
    // fill bytes: any number of 0xFF before the marker code
    while (i < n && buf[i] === 0xff) i++;
    if (i >= n) return truncated;
    const code = buf[i++];
    // a stuffed zero, a second SOI or a reserved code (0x02-0xBF) is not a marker here
    if (code === SOI || (code < 0xc0 && code !== TEM)) return notJpeg;
    if (code === EOI) return noFrame; // an image ends before any scan
    if (standalone(code)) continue;
    if (i + 2 > n) return truncated;
    const len = (buf[i] << 8) | buf[i + 1];
    if (len < 2) return notJpeg;
    const end = i + len;
    if (end > n) return truncated;
    if (isSofMarker(code)) {
      if (header) return noFrame; // a second frame header: libjpeg refuses it too
      // length(2) precision(1) height(2) width(2) components(1) then 3 bytes per component
      if (len < 8) return badFrame;
      const components = buf[i + 7];
      const height = (buf[i + 3] << 8) | buf[i + 4];
      const width = (buf[i + 5] << 8) | buf[i + 6];
      if (components === 0 || width === 0 || height === 0 || len < 8 + 3 * components) return badFrame;
      header = { width, height, components, precision: buf[i + 2], sof: code, progressive: PROGRESSIVE.has(code) };
    } else if (code === SOS) {
      return header ? { ok: true, header } : noFrame;
    }
    i = end;
  }
}

const notJpeg = { ok: false, reason: 'not-jpeg' } as const;
const truncated = { ok: false, reason: 'truncated' } as const;
const noFrame = { ok: false, reason: 'no-frame' } as const;
const badFrame = { ok: false, reason: 'bad-frame' } as const;

/**
 * How many scans (SOS segments) the JPEG has, counting no further than `limit + 1`. A camera's
 * baseline frame has one (three when its colours are not interleaved), a progressive one about
 * ten; a file of thousands of tiny scans decodes for seconds (a 256 KB 1280x720 one took 3 s),
 * which is why live frames are refused above a small number. Walks the segments and skips each
 * scan's entropy-coded data to the next marker (0xFF not followed by a stuffed 0x00 or RSTn):
 * one pass over the bytes, no decoding. Structure is checked by readJpegHeader first; here a
 * malformed tail just ends the count.
 */
export function countScans(buf: Uint8Array, limit: number): number {
  const n = buf.length;
  let scans = 0;
  let i = 2;
  while (i < n && scans <= limit) {
    if (buf[i] !== 0xff) return scans;
    while (i < n && buf[i] === 0xff) i++;
    if (i >= n) return scans;
    const code = buf[i++];
    if (code === EOI) return scans;
    if (standalone(code)) continue;
    if (i + 2 > n) return scans;
    const end = i + ((buf[i] << 8) | buf[i + 1]);
    if (code !== SOS) {
      i = end;
      continue;
    }
    scans++;
    // the entropy-coded data: up to a 0xFF that starts a marker (indexOf: native, it runs on
    // every live frame)
    i = end;
    for (;;) {
      i = buf.indexOf(0xff, i);
      if (i < 0) return scans;
      const next = buf[i + 1];
      if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) i += 2;
      else break;
    }
  }
  return scans;
}
