/**
 * Compact storage of MLP weight matrices in weights.json: IEEE 754 half precision (float16),
 * little-endian, base64-encoded. 2 bytes a weight instead of about 9 characters of decimal
 * text; the relative rounding error is at most 2^-11 (about 0.05%), well inside what the
 * classifier can notice (see compact.test.ts).
 */

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Nearest float16 bit pattern (round half to even; overflow goes to ±Infinity). */
export function toFloat16Bits(v: number): number {
  f32[0] = v;
  const x = u32[0];
  const sign = (x >>> 16) & 0x8000;
  const exp = (x >>> 23) & 0xff;
  let mant = x & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    // subnormal half (or zero)
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let half = mant >>> shift;
    const rem = mant & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    if (rem > mid || (rem === mid && half & 1)) half++;
    return sign | half;
  }
  let half = (e << 10) | (mant >>> 13);
  const rem = mant & 0x1fff;
  // a carry out of the mantissa correctly bumps the exponent
  if (rem > 0x1000 || (rem === 0x1000 && half & 1)) half++;
  return sign | half;
}

export function fromFloat16Bits(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 0x1f) return m ? NaN : s * Infinity;
  return s * (1 + m / 1024) * 2 ** (e - 15);
}

/** Encodes numbers as base64 of little-endian float16. */
export function encodeFloat16Base64(values: ArrayLike<number>): string {
  let bin = '';
  for (let i = 0; i < values.length; i++) {
    const h = toFloat16Bits(values[i]);
    bin += String.fromCharCode(h & 0xff, h >>> 8);
  }
  return btoa(bin);
}

export function decodeFloat16Base64(s: string, expectedLength?: number): Float64Array {
  const bin = atob(s);
  if (bin.length % 2 !== 0) throw new Error('float16 data has an odd number of bytes');
  const out = new Float64Array(bin.length / 2);
  if (expectedLength !== undefined && out.length !== expectedLength)
    throw new Error(`float16 data holds ${out.length} values, expected ${expectedLength}`);
  for (let i = 0; i < out.length; i++)
    out[i] = fromFloat16Bits(bin.charCodeAt(2 * i) | (bin.charCodeAt(2 * i + 1) << 8));
  return out;
}

/** The value a number is stored as (float16 rounding). */
export function roundToFloat16(v: number): number {
  return fromFloat16Bits(toFloat16Bits(v));
}
