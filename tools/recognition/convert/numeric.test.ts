/**
 * ONNX (onnxruntime-node) vs TF.js (pure JS cpu backend) on real photos from ../shared/data:
 * every output of every converted hand model must agree within 1e-3 (max absolute difference).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultSourceDir, ensureModels } from './ensure-models.js';
import { sharedDir } from '../../shared-dir.mjs';
import { loadTfjsGraphModel, tf } from './tfjs-reference.js';

const DATA = path.join(sharedDir(), 'data', 'photos');
const PHOTOS = [
  'massey/asl_dataset/a/hand1_a_bot_seg_1_cropped.jpeg',
  'massey/asl_dataset/5/hand4_5_bot_seg_3_cropped.jpeg',
  'digits/Dataset/3/IMG_1121.JPG',
].map((p) => path.join(DATA, p));
const cacheDir = path.join(os.tmpdir(), 'asl-landmarks-models-test');

async function photoTensor(file: string, size: number, norm: 'pm1' | '01'): Promise<Float32Array> {
  const img = await sharp(file)
    .resize(size, size, { fit: 'contain', background: '#000' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const f = new Float32Array(size * size * 3);
  for (let i = 0; i < f.length; i++) f[i] = norm === 'pm1' ? img[i] / 127.5 - 1 : img[i] / 255;
  return f;
}

describe('converted models match TF.js on real photos', () => {
  it('has its photos (npm test refuses to start without the shared data: a missing photo is a failure)', () => {
    expect(PHOTOS.filter((p) => !existsSync(p))).toEqual([]);
  });
  let paths: Awaited<ReturnType<typeof ensureModels>>;
  beforeAll(async () => {
    await tf.setBackend('cpu');
    paths = await ensureModels(cacheDir);
  });
  const cases = [
    { key: 'palm', src: 'handdetect.json', size: 256, norm: 'pm1' as const },
    { key: 'landmarkFull', src: 'handlandmark-full.json', size: 224, norm: '01' as const },
    { key: 'landmarkLite', src: 'handlandmark-lite.json', size: 224, norm: '01' as const },
  ] as const;
  for (const c of cases) {
    it(`${c.src}: all outputs within 1e-3`, async () => {
      const tfm = await loadTfjsGraphModel(path.join(defaultSourceDir(), c.src));
      const session = await ort.InferenceSession.create(paths[c.key]!);
      const outs = tfm.outputNodes;
      expect([...session.outputNames].sort()).toEqual(outs.map((o) => o.replace(/:0$/, '')).sort());
      let worst = 0;
      for (const photo of PHOTOS) {
        const x = await photoTensor(photo, c.size, c.norm);
        const t = tf.tensor4d(x, [1, c.size, c.size, 3]);
        const ref = tfm.execute(t, outs) as tf.Tensor | tf.Tensor[];
        const refs = Array.isArray(ref) ? ref : [ref];
        const got = await session.run({
          [session.inputNames[0]]: new ort.Tensor('float32', x, [1, c.size, c.size, 3]),
        });
        outs.forEach((o, k) => {
          const a = refs[k].dataSync();
          const b = got[o.replace(/:0$/, '')];
          expect(b.dims).toEqual(refs[k].shape);
          let d = 0;
          for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - (b.data as Float32Array)[i]));
          worst = Math.max(worst, d);
          expect(d, `${c.src} ${o} on ${path.basename(photo)}`).toBeLessThan(1e-3);
        });
        tf.dispose([t, ...refs]);
      }
      console.log(`${c.src}: max |onnx - tfjs| over ${PHOTOS.length} photos = ${worst.toExponential(2)}`);
      await session.release();
      tfm.dispose();
    });
  }
});
