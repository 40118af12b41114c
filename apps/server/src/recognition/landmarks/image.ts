/**
 * Image input.
 * - decodeImage: JPEG/PNG/... to RGB8 with sharp (EXIF auto-orient): photo files.
 * - decodeFrame: live camera frames (JPEG, no EXIF orientation needed). Decoded synchronously
 *   in the calling (worker) thread with libjpeg (mozjpeg) compiled to WebAssembly
 *   (@jsquash/jpeg): about 1 ms for 320x240 against 2-2.5 ms for sharp, whose per-call overhead
 *   (pipeline set-up and the hop to libuv's thread pool) dominates at this size and grows under
 *   load. Anything the wasm decoder does not decode cleanly (not a JPEG, a libjpeg warning such
 *   as a truncated file, or an error) goes to sharp, so errors are sharp's as before.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { RgbImage } from '@asl/recognition';

export async function decodeImage(buf: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(buf)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels === 3) return { data, width: info.width, height: info.height };
  const n = info.width * info.height;
  const rgb = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++)
    for (let c = 0; c < 3; c++) rgb[3 * i + c] = data[i * info.channels + Math.min(c, info.channels - 1)];
  return { data: rgb, width: info.width, height: info.height };
}

type WasmDecode = (buf: ArrayBuffer) => Promise<{ data: Uint8ClampedArray; width: number; height: number }>;
let wasmDecoder: Promise<WasmDecode | null> | null = null;
/** messages libjpeg printed during the current decode (warnings: corrupt or truncated data) */
let libjpegMessages = 0;
let lastDecoder: 'wasm' | 'sharp' | null = null;

/** which decoder handled the last decodeFrame call (benchmarks and tests report it) */
export function lastFrameDecoder(): 'wasm' | 'sharp' | null {
  return lastDecoder;
}

async function loadWasmDecoder(): Promise<WasmDecode | null> {
  try {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm');
    const mod = (await import('@jsquash/jpeg/decode.js')) as unknown as {
      default: WasmDecode;
      init(module: unknown, options: Record<string, unknown>): Promise<void>;
    };
    const wasm = (globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<unknown> } }).WebAssembly;
    const note = (): void => {
      libjpegMessages++;
    };
    await mod.init(await wasm.compile(readFileSync(wasmPath)), { print: note, printErr: note });
    return mod.default;
  } catch {
    return null; // not installed / no WebAssembly: sharp only
  }
}

/** RGBA -> RGB into a fresh buffer */
function dropAlpha(rgba: Uint8ClampedArray, n: number): Uint8Array {
  const rgb = new Uint8Array(n * 3);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const o = 3 * i;
    rgb[o] = rgba[j];
    rgb[o + 1] = rgba[j + 1];
    rgb[o + 2] = rgba[j + 2];
  }
  return rgb;
}

export async function decodeFrame(buf: Uint8Array): Promise<RgbImage> {
  const isJpeg = buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff;
  if (isJpeg) {
    wasmDecoder ??= loadWasmDecoder();
    const decode = await wasmDecoder;
    if (decode) {
      libjpegMessages = 0;
      try {
        const copy = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
        const img = await decode(copy);
        if (libjpegMessages === 0 && img.width > 0 && img.height > 0) {
          lastDecoder = 'wasm';
          return { data: dropAlpha(img.data, img.width * img.height), width: img.width, height: img.height };
        }
      } catch {
        // fall through: sharp reports the error
      }
    }
  }
  lastDecoder = 'sharp';
  return decodeImage(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength));
}
