import { describe, expect, it } from 'vitest';
import { borderColor, checkRgb } from './image.js';
import { ImagePyramid, warpAffine, warpAffinePyramid } from './warp.js';

const img = {
  width: 3,
  height: 2,
  data: Uint8Array.from([0, 0, 0, 10, 10, 10, 20, 20, 20, 30, 30, 30, 40, 40, 40, 50, 50, 50]),
};

describe('warpAffine', () => {
  it('identity reproduces the pixels (with scale/offset)', () => {
    const out = warpAffine(img, [1, 0, 0, 0, 1, 0], 3, 2, { scale: 0.5, offset: 1, border: [0, 0, 0] });
    expect(Array.from(out.filter((_, i) => i % 3 === 0))).toEqual([1, 6, 11, 16, 21, 26]);
  });
  it('fills outside pixels with the border colour', () => {
    const out = warpAffine(img, [1, 0, 10, 0, 1, 10], 2, 2, { scale: 1, offset: 0, border: [255, 0, 7] });
    expect(Array.from(out.slice(0, 3))).toEqual([255, 0, 7]);
  });
  it('replicates edges when asked', () => {
    const out = warpAffine(img, [1, 0, 5, 0, 1, 0], 1, 1, { scale: 1, offset: 0, border: 'replicate' });
    expect(out[0]).toBe(20);
  });
  it('interpolates bilinearly between pixel centres', () => {
    // output pixel centre 0.5 -> source x = 1.0 : halfway between pixel 0 and 1
    const out = warpAffine(img, [1, 0, 0.5, 0, 1, 0], 1, 1, { scale: 1, offset: 0, border: 'replicate' });
    expect(out[0]).toBeCloseTo(5);
  });
  it('rotates 90 degrees', () => {
    // out (u,v) -> src (x = v, y = W - u): a 2x3 output of the 3x2 image
    const out = warpAffine(img, [0, 1, 0, -1, 0, 2], 2, 3, { scale: 1, offset: 0, border: [0, 0, 0] });
    expect(Array.from(out.filter((_, i) => i % 3 === 0))).toEqual([30, 0, 40, 10, 50, 20]);
  });
});

describe('ImagePyramid / warpAffinePyramid', () => {
  // 8x8 checkerboard of 1-px black/white squares: any 4x downscale must give mid grey, not aliasing
  const n = 8;
  const data = new Uint8Array(n * n * 3);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) data.fill((x + y) % 2 ? 255 : 0, (y * n + x) * 3, (y * n + x) * 3 + 3);
  const img = { data, width: n, height: n };
  it('box-filters each level', () => {
    const p = new ImagePyramid(img);
    expect(p.level(1).width).toBe(4);
    expect(Array.from(new Set(p.level(1).data))).toEqual([128]);
    expect(p.level(0)).toBe(img);
  });
  it('samples a level where the downscale is below 2 (no aliasing)', () => {
    const out = warpAffinePyramid(new ImagePyramid(img), [4, 0, 0.5, 0, 4, 0.5], 2, 2, {
      scale: 1,
      offset: 0,
      border: 'replicate',
    });
    for (const v of out) expect(v).toBeCloseTo(128, 0);
    const aliased = warpAffine(img, [4, 0, 0.5, 0, 4, 0.5], 2, 2, { scale: 1, offset: 0, border: 'replicate' });
    expect(Math.max(...Array.from(aliased).map((v) => Math.abs(v - 128)))).toBeGreaterThan(60);
  });
  it('stays on level 0 for upscales and mild downscales', () => {
    const a = warpAffinePyramid(new ImagePyramid(img), [1.5, 0, 0, 0, 1.5, 0], 4, 4, {
      scale: 1,
      offset: 0,
      border: 'replicate',
    });
    const b = warpAffine(img, [1.5, 0, 0, 0, 1.5, 0], 4, 4, { scale: 1, offset: 0, border: 'replicate' });
    expect(Array.from(a)).toEqual(Array.from(b));
  });
});

describe('RGBA input (channels 4)', () => {
  // a 7x5 image with distinct pixels, as RGB and as RGBA with a junk alpha byte
  const w = 7;
  const h = 5;
  const rgb = new Uint8Array(w * h * 3).map((_, i) => (i * 37) % 251);
  const rgba = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) rgba.set([rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2], 99], 4 * i);
  const m: [number, number, number, number, number, number] = [0.8, -0.3, 1.2, 0.3, 0.8, -0.7];
  it('samples the same values as the RGB image, inside and across the border', () => {
    for (const border of [[3, 4, 5] as [number, number, number], 'replicate' as const]) {
      const o = { scale: 1 / 255, offset: 0, border };
      const a = warpAffine({ data: rgb, width: w, height: h }, m, 9, 8, o);
      const b = warpAffine({ data: rgba, width: w, height: h, channels: 4 }, m, 9, 8, o);
      expect(Array.from(b)).toEqual(Array.from(a));
    }
  });
  it('has the same border colour, and its size is checked with 4 bytes a pixel', () => {
    expect(borderColor({ data: rgba, width: w, height: h, channels: 4 })).toEqual(
      borderColor({ data: rgb, width: w, height: h }),
    );
    expect(() => checkRgb({ data: rgba, width: w, height: h, channels: 4 })).not.toThrow();
    expect(() => checkRgb({ data: rgb, width: w, height: h, channels: 4 })).toThrow(/expected 140/);
  });
  it('builds the same pyramid levels', () => {
    const a = new ImagePyramid({ data: rgb, width: w, height: h }).level(1);
    const b = new ImagePyramid({ data: rgba, width: w, height: h, channels: 4 }).level(1);
    expect(Array.from(b.data)).toEqual(Array.from(a.data));
  });
});
