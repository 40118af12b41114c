/**
 * Image input. Both paths read the size from the header first and refuse an image over their
 * limits before anything is decoded (image-limits.ts), so a small file declaring a huge picture
 * (a decompression bomb) costs microseconds, not gigabytes.
 * - decodeImage: JPEG/PNG/... to RGB8 with sharp (EXIF auto-orient): photo files, PHOTO_LIMITS
 *   (64 megapixels; sharp's limitInputPixels backs the header check for other formats); a photo
 *   over PHOTO_DECODE_PIXELS (16 megapixels) is decoded shrunk to it (`scale` says by how much).
 * - decodeFrame: live camera frames (JPEG, no EXIF orientation needed), FRAME_LIMITS. Decoded
 *   synchronously in the calling (worker) thread with libjpeg (mozjpeg) compiled to WebAssembly
 *   (@jsquash/jpeg), which is several times faster than sharp at 320x240 (see README). On a fatal
 *   libjpeg error the wasm module calls exit() without unwinding libjpeg, which leaves its heap
 *   corrupt: later decodes hang or throw "memory access out of bounds". So the instance that saw
 *   any failure (an exception, or a libjpeg message such as a truncated-data warning) is thrown
 *   away and the next frame gets a fresh one; no decode ever runs on a module that failed before.
 *   A frame libjpeg warned about (corrupt or truncated data) is refused with that warning, as
 *   sharp would refuse it; one the module failed on otherwise goes to sharp (libvips).
 * Every refusal or decode error of the image itself is an ImageRejectedError (the sender's
 * fault); anything else thrown here is a fault of the host.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp, { type OutputInfo } from 'sharp';
import { type RgbImage, rgbaToRgb } from '@asl/recognition';
import {
  checkJpegHeader,
  FRAME_LIMITS,
  ImageRejectedError,
  isJpeg,
  PHOTO_DECODE_PIXELS,
  PHOTO_LIMITS,
  type ImageLimits,
} from '../image-limits';

/** A decoded photo: `scale` is the photo's pixels per decoded pixel (1 unless it was shrunk). */
export interface DecodedPhoto extends RgbImage {
  scale: number;
}

/** The decoded size of a w x h photo: shrunk, aspect kept, to at most `maxPixels` (never enlarged). */
export function decodedSize(w: number, h: number, maxPixels: number): { width: number; height: number } {
  if (w * h <= maxPixels) return { width: w, height: h };
  const f = Math.sqrt(maxPixels / (w * h));
  return { width: Math.max(1, Math.floor(w * f)), height: Math.max(1, Math.floor(h * f)) };
}

export async function decodeImage(
  buf: Buffer,
  limits: ImageLimits = PHOTO_LIMITS,
  maxDecodedPixels = PHOTO_DECODE_PIXELS,
): Promise<DecodedPhoto> {
  if (isJpeg(buf)) checkJpegHeader(buf, limits);
  let out: { data: Buffer; info: OutputInfo };
  let scale = 1;
  try {
    const image = sharp(buf, { limitInputPixels: limits.maxPixels }).rotate();
    const meta = await image.metadata();
    // EXIF orientations 5-8 turn the photo a quarter: its width and height swap
    const turned = (meta.orientation ?? 1) >= 5;
    const [w, h] = turned ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
    const size = decodedSize(w, h, maxDecodedPixels);
    if (size.width < w) {
      image.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' });
      scale = w / size.width;
    }
    out = await image.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch (err) {
    const message = (err as Error).message;
    throw new ImageRejectedError(/pixel limit/i.test(message) ? 'too-large' : 'unreadable', message);
  }
  const { data, info } = out;
  if (info.channels === 3) return { data, width: info.width, height: info.height, scale };
  const n = info.width * info.height;
  const rgb = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++)
    for (let c = 0; c < 3; c++) rgb[3 * i + c] = data[i * info.channels + Math.min(c, info.channels - 1)];
  return { data: rgb, width: info.width, height: info.height, scale };
}

type WasmDecode = (buf: ArrayBuffer) => Promise<{ data: Uint8ClampedArray; width: number; height: number }>;
interface WasmCodec {
  decode: WasmDecode;
  /** starts a fresh module instance (new heap) from the compiled code */
  reset(): Promise<void>;
}
let wasmCodec: Promise<WasmCodec | null> | null = null;
/** set when the current instance must not be used again */
let wasmPoisoned = false;
/** messages libjpeg printed during the current decode (warnings: corrupt or truncated data) */
let libjpegMessages = 0;
let libjpegFirstMessage = '';
let lastDecoder: 'wasm' | 'sharp' | null = null;
let wasmInstances = 0;

/** which decoder handled the last decodeFrame call (benchmarks and tests report it) */
export function lastFrameDecoder(): 'wasm' | 'sharp' | null {
  return lastDecoder;
}

/** how many wasm decoder instances this thread has started (one, plus one after each failure) */
export function wasmDecoderInstances(): number {
  return wasmInstances;
}

async function loadWasmCodec(): Promise<WasmCodec | null> {
  try {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm');
    const mod = (await import('@jsquash/jpeg/decode.js')) as unknown as {
      default: WasmDecode;
      init(module: unknown, options: Record<string, unknown>): Promise<void>;
    };
    const wasm = (globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<unknown> } }).WebAssembly;
    const compiled = await wasm.compile(readFileSync(wasmPath));
    const note = (text: unknown): void => {
      if (libjpegMessages++ === 0) libjpegFirstMessage = String(text).trim();
    };
    // init() replaces the package's module instance: a new heap, nothing kept from the last one
    const reset = async (): Promise<void> => {
      wasmInstances++;
      await mod.init(compiled, { print: note, printErr: note });
    };
    await reset();
    return { decode: mod.default, reset };
  } catch {
    return null; // not installed / no WebAssembly: sharp only
  }
}

/**
 * The wasm decode: the image, or the libjpeg warning it printed (corrupt or truncated data: the
 * frame is refused as sharp would refuse it, without paying for a second decode), or null when
 * the module failed (the frame then goes to sharp). After any failure or warning the instance is
 * discarded.
 */
async function decodeWithWasm(buf: Uint8Array, rgba: boolean): Promise<RgbImage | { warning: string } | null> {
  wasmCodec ??= loadWasmCodec();
  const codec = await wasmCodec;
  if (!codec) return null;
  if (wasmPoisoned) {
    await codec.reset();
    wasmPoisoned = false;
  }
  libjpegMessages = 0;
  libjpegFirstMessage = '';
  try {
    const copy = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
    const img = await codec.decode(copy);
    if (libjpegMessages === 0 && img.width > 0 && img.height > 0) {
      return rgba
        ? { data: img.data, width: img.width, height: img.height, channels: 4 }
        : { data: rgbaToRgb(img.data, img.width, img.height), width: img.width, height: img.height };
    }
    wasmPoisoned = true;
    if (libjpegMessages > 0) return { warning: libjpegFirstMessage || 'Corrupt JPEG data' };
  } catch {
    // below: the instance is discarded and sharp decodes or reports the error
  }
  wasmPoisoned = true;
  return null;
}

/**
 * keepRgba: the wasm decoder's RGBA pixels as they come (channels 4, no copy to RGB: the hand
 * pipeline reads either); the sharp fallback still gives RGB.
 */
export async function decodeFrame(
  buf: Uint8Array,
  limits: ImageLimits = FRAME_LIMITS,
  keepRgba = false,
): Promise<RgbImage> {
  if (isJpeg(buf)) {
    checkJpegHeader(buf, limits);
    const img = await decodeWithWasm(buf, keepRgba);
    if (img && 'warning' in img) {
      lastDecoder = 'wasm';
      throw new ImageRejectedError('unreadable', img.warning);
    }
    if (img) {
      lastDecoder = 'wasm';
      return img;
    }
  }
  lastDecoder = 'sharp';
  return decodeImage(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), limits);
}
