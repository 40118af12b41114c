import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModel } from './onnx-proto.js';
import { CALIBRATION_FILE, convertOne, defaultSourceDir, ensureModels, quantizeOne } from './ensure-models.js';

describe('ensureModels / convertOne cache', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ensure-models-'));
    for (const f of ['handlandmark-lite.json', 'handlandmark-lite.bin'])
      await copyFile(path.join(defaultSourceDir(), f), path.join(dir, f));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('converts when missing, skips when fresh, reconverts when the source changes', async () => {
    const src = path.join(dir, 'handlandmark-lite.json');
    const out = path.join(dir, 'out', 'lite.onnx');
    const a = await convertOne(src, out);
    expect(a.converted).toBe(true);
    expect((await readFile(out)).byteLength).toBeGreaterThan(1_000_000);
    expect((await convertOne(src, out)).converted).toBe(false);
    const bin = await readFile(path.join(dir, 'handlandmark-lite.bin'));
    bin[100] ^= 0xff;
    await writeFile(path.join(dir, 'handlandmark-lite.bin'), bin);
    const c = await convertOne(src, out);
    expect(c.converted).toBe(true);
    expect(c.hash).not.toBe(a.hash);
  });

  it('reconverts when the output was deleted or the stamp is stale', async () => {
    const src = path.join(dir, 'handlandmark-lite.json');
    const out = path.join(dir, 'out2', 'lite.onnx');
    await convertOne(src, out);
    await writeFile(`${out}.sha256`, 'stale\n');
    expect((await convertOne(src, out)).converted).toBe(true);
    await rm(out);
    expect((await convertOne(src, out)).converted).toBe(true);
  });

  it('ensureModels returns the model paths in the cache folder', async () => {
    const cache = path.join(dir, 'cache');
    const r = await ensureModels(cache);
    expect(r.palm).toBe(path.join(cache, 'handdetect.onnx'));
    expect(r.landmarkFull).toBe(path.join(cache, 'handlandmark-full.onnx'));
    expect(r.landmarkLite).toBe(path.join(cache, 'handlandmark-lite.onnx'));
    expect(r.landmarkFullInt8).toBe(path.join(cache, 'handlandmark-full-int8.onnx'));
    expect((await readFile(r.landmarkFullInt8!)).byteLength).toBeGreaterThan(1_000_000);
    expect(r.landmarkFullInt8All).toBe(path.join(cache, 'handlandmark-full-int8-all.onnx'));
    // the two int8 builds differ (float stem or not), and each says which it is
    const [stemFloat, all] = await Promise.all([readFile(r.landmarkFullInt8!), readFile(r.landmarkFullInt8All!)]);
    expect(stemFloat.equals(all)).toBe(false);
    expect(stemFloat.toString('latin1')).toContain('float stem');
    expect(all.toString('latin1')).toContain('stem int8 too');
    // the landmark models take a crop of any size (the live one is 192), the palm detector its 256
    const inputDims = async (f: string) =>
      decodeModel(await readFile(f)).graph.input[0]!.type.tensor_type.shape.dim.map((d) => d.dim_value ?? d.dim_param);
    for (const f of [r.landmarkFull!, r.landmarkLite!, r.landmarkFullInt8!])
      expect(await inputDims(f)).toEqual([1, 'height', 'width', 3]);
    expect(await inputDims(r.palm)).toEqual([1, 256, 256, 3]);
  });

  it('builds the int8 model once, and refuses ranges measured on another float model', async () => {
    const cache = path.join(dir, 'cache');
    const int8 = path.join(cache, 'handlandmark-full-int8.onnx');
    expect((await quantizeOne(path.join(cache, 'handlandmark-full.onnx'), CALIBRATION_FILE, int8)).converted).toBe(
      false,
    );
    const calib = JSON.parse(await readFile(CALIBRATION_FILE, 'utf8')) as { floatHash: string };
    const stale = path.join(dir, 'stale-calibration.json');
    await writeFile(stale, JSON.stringify({ ...calib, floatHash: 'f'.repeat(64) }));
    await expect(quantizeOne(path.join(cache, 'handlandmark-full.onnx'), stale, int8, true)).rejects.toThrow(
      /calibrate:landmarks/,
    );
  });
});
