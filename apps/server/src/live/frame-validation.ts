import { MAX_FRAME_BYTES, MAX_FRAME_DIMENSION, type ErrorCode } from '@asl/protocol';

export type FrameCheck = { ok: true; jpeg: Buffer } | { ok: false; code: ErrorCode };

const DATA_URL_PREFIX = /^data:image\/(jpeg|jpg);base64,/i;

/**
 * Turns a frame data URL into JPEG bytes, refusing anything that is not a JPEG,
 * larger than 256 KB, or has impossible dimensions. Cheap: no pixel decode here.
 */
export function checkFrame(frameData: string, width: number, height: number): FrameCheck {
  // base64 inflates by 4/3; refuse before decoding when the text alone is too long.
  if (frameData.length > Math.ceil((MAX_FRAME_BYTES * 4) / 3) + 64) return { ok: false, code: 'FRAME_TOO_LARGE' };
  const match = DATA_URL_PREFIX.exec(frameData);
  if (!match) return { ok: false, code: 'FRAME_NOT_JPEG' };
  const jpeg = Buffer.from(frameData.slice(match[0].length), 'base64');
  if (jpeg.length > MAX_FRAME_BYTES) return { ok: false, code: 'FRAME_TOO_LARGE' };
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8 || jpeg[2] !== 0xff) {
    return { ok: false, code: 'FRAME_NOT_JPEG' };
  }
  if (width < 16 || height < 16 || width > MAX_FRAME_DIMENSION || height > MAX_FRAME_DIMENSION) {
    return { ok: false, code: 'FRAME_BAD_DIMENSIONS' };
  }
  return { ok: true, jpeg };
}
