/**
 * Size limits for every path that decodes an untrusted image, checked from the header before a
 * decoder allocates anything (see jpeg-header.ts), and the error a refused image raises.
 */
import { MAX_FRAME_DIMENSION, MAX_FRAME_PIXELS } from '@asl/protocol';
import { readJpegHeader, type JpegHeader } from './jpeg-header';

export interface ImageLimits {
  maxWidth: number;
  maxHeight: number;
  maxPixels: number;
}

/** Live camera frames: the socket's own limits (1920 a side, 1280x720 pixels; the app sends 320x240). */
export const FRAME_LIMITS: ImageLimits = {
  maxWidth: MAX_FRAME_DIMENSION,
  maxHeight: MAX_FRAME_DIMENSION,
  maxPixels: MAX_FRAME_PIXELS,
};

/**
 * Photo files (`npm run recognize`, data tools): at most 64 megapixels and 8192 px a side, which
 * holds phones' full-resolution photos (24 MP by default on recent iPhones, 48-50 MP modes); they
 * are decoded shrunk to at most PHOTO_DECODE_PIXELS.
 */
export const PHOTO_LIMITS: ImageLimits = { maxWidth: 8192, maxHeight: 8192, maxPixels: 8192 * 8192 };

/**
 * A photo larger than this (16 megapixels) is decoded shrunk to it, aspect kept (a JPEG is shrunk
 * while it is decoded): the hand models read a crop of a few hundred pixels, and a 48 MP photo
 * decoded whole would take 145 MB.
 */
export const PHOTO_DECODE_PIXELS = 4096 * 4096;

export type ImageRejection = 'unreadable' | 'too-large';

/** The image itself is unusable (the sender's fault), as opposed to a failure of the decoder host. */
export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejection,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

export const isJpeg = (buf: Uint8Array): boolean => buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8;

export function withinLimits(width: number, height: number, limits: ImageLimits): boolean {
  return width <= limits.maxWidth && height <= limits.maxHeight && width * height <= limits.maxPixels;
}

/** Reads a JPEG's frame header and throws ImageRejectedError when it is broken or too large. */
export function checkJpegHeader(buf: Uint8Array, limits: ImageLimits): JpegHeader {
  const read = readJpegHeader(buf);
  if (!read.ok) throw new ImageRejectedError('unreadable', `Not a readable JPEG (${read.reason} header)`);
  const { width, height } = read.header;
  if (!withinLimits(width, height, limits)) {
    throw new ImageRejectedError(
      'too-large',
      `Image of ${width}x${height} exceeds the limit of ${limits.maxWidth}x${limits.maxHeight}, ${limits.maxPixels} pixels`,
    );
  }
  return read.header;
}
