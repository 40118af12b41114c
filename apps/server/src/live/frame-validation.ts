import { MAX_FRAME_BYTES, type ErrorCode } from '@asl/protocol';
import { FRAME_LIMITS, withinLimits } from '../recognition/image-limits';
import { countScans, readJpegHeader, type JpegHeader } from '../recognition/jpeg-header';

export type FrameCheck = { ok: true; jpeg: Buffer; header: JpegHeader } | { ok: false; code: ErrorCode };

const DATA_URL_PREFIX = /^data:image\/(jpeg|jpg);base64,/i;
export const MIN_FRAME_DIMENSION = 16;
/**
 * What a live frame may be: what a browser's canvas encodes (baseline, 8-bit, greyscale or
 * colour), with at most one scan per component. Every other kind decodes slower for the same
 * picture, so the attack reviews refused them one by one: a progressive JPEG of thousands of
 * empty scans (256 KB) held a worker for 3 s, sixteen heavy progressive scans cost 3 times a
 * camera frame, and a CMYK or arithmetic-coded frame, which the fast decoder cannot read, went to
 * the slower one at 4-5 times the cost.
 */
const SEQUENTIAL_HUFFMAN = new Set([0xc0, 0xc1]);
export const MAX_FRAME_SCANS = 3;
const cameraKind = (h: JpegHeader) =>
  SEQUENTIAL_HUFFMAN.has(h.sof) && h.precision === 8 && (h.components === 1 || h.components === 3);

const inLimits = (w: number, h: number) =>
  w >= MIN_FRAME_DIMENSION && h >= MIN_FRAME_DIMENSION && withinLimits(w, h, FRAME_LIMITS);

/**
 * Turns a frame data URL into JPEG bytes, refusing, in this order and before any pixel is
 * decoded: text too long for 256 KB (FRAME_TOO_LARGE); not a JPEG data URL (FRAME_NOT_JPEG);
 * more than 256 KB of bytes (FRAME_TOO_LARGE); no JPEG structure up to a complete start of scan,
 * i.e. garbage, truncated header, no frame header (FRAME_NOT_JPEG); declared width/height out of
 * the live limits, 16-1920 a side and at most 1280x720 pixels (FRAME_BAD_DIMENSIONS); a frame
 * header (SOF) whose real size differs from the declared one (FRAME_BAD_DIMENSIONS: a
 * decompression bomb labelled 320x240, for instance); not a camera's kind of JPEG (baseline,
 * 8-bit, greyscale or colour) or more than MAX_FRAME_SCANS scans (FRAME_TOO_COMPLEX). Cost: one
 * pass over the bytes, no decoding.
 */
export function checkFrame(frameData: string, width: number, height: number): FrameCheck {
  // base64 inflates by 4/3; refuse before decoding when the text alone is too long.
  if (frameData.length > Math.ceil((MAX_FRAME_BYTES * 4) / 3) + 64) return { ok: false, code: 'FRAME_TOO_LARGE' };
  const match = DATA_URL_PREFIX.exec(frameData);
  if (!match) return { ok: false, code: 'FRAME_NOT_JPEG' };
  const jpeg = Buffer.from(frameData.slice(match[0].length), 'base64');
  if (jpeg.length > MAX_FRAME_BYTES) return { ok: false, code: 'FRAME_TOO_LARGE' };
  const read = readJpegHeader(jpeg);
  if (!read.ok) return { ok: false, code: 'FRAME_NOT_JPEG' };
  if (!inLimits(width, height)) return { ok: false, code: 'FRAME_BAD_DIMENSIONS' };
  if (read.header.width !== width || read.header.height !== height) return { ok: false, code: 'FRAME_BAD_DIMENSIONS' };
  if (!cameraKind(read.header) || countScans(jpeg, MAX_FRAME_SCANS) > MAX_FRAME_SCANS)
    return { ok: false, code: 'FRAME_TOO_COMPLEX' };
  return { ok: true, jpeg, header: read.header };
}
