/**
 * The int8 landmark model: the pieces on a tiny synthetic graph, then the real quantized model
 * against the float one on hand crops from photos that calibration never saw.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { attrInts, decodeModel, encodeModel, floatTensor, type OnnxModel } from './onnx-proto.js';
import { activationParams, foldConvBias, quantizedTensors, quantizeModel, stemTensors } from './quantize.js';
import { calibrationPlan, collectRanges } from './calibrate.js';
import { ensureModels } from './ensure-models.js';
import { sharedDir } from '../../shared-dir.mjs';
import { createRecognizer } from '../recognize/batch.js';
import { decodeImage } from '../../../apps/server/src/recognition/landmarks/image.js';
import { ImagePyramid } from '../../../packages/recognition/src/landmarks/warp.js';
import { landmarksToRect } from '../../../packages/recognition/src/landmarks/crop.js';
import { landmarkCrop } from '../../../packages/recognition/src/landmarks/hand-pipeline.js';
import { borderColor } from '../../../packages/recognition/src/landmarks/image.js';

const vi = (name: string, dims: number[]) => ({
  name,
  type: { tensor_type: { elem_type: 1, shape: { dim: dims.map((d) => ({ dim_value: d })) } } },
});

/** x[1,2,4,4] -> Conv 3x3 (2->3) -> Add per-channel bias -> Clip(0,6) -> Conv 1x1 (3->2) -> Add bias -> y */
function tinyModel(): OnnxModel {
  const rnd = (n: number, s: number) => Float32Array.from({ length: n }, (_, i) => Math.sin(i * 1.7 + s) * 0.5);
  return {
    ir_version: 7,
    opset_import: [{ domain: '', version: 13 }],
    producer_name: 'test',
    producer_version: '1',
    graph: {
      name: 'tiny',
      input: [vi('x', [1, 2, 4, 4])],
      output: [vi('y', [1, 2, 4, 4])],
      initializer: [
        floatTensor('w1', [3, 2, 3, 3], rnd(54, 1)),
        floatTensor('b1', [1, 3, 1, 1], Float32Array.from([0.1, -0.2, 0.3])),
        floatTensor('w2', [2, 3, 1, 1], rnd(6, 2)),
        floatTensor('b2', [1, 2, 1, 1], Float32Array.from([0.05, -0.05])),
        floatTensor('lo', [], Float32Array.from([0])),
        floatTensor('hi', [], Float32Array.from([6])),
      ],
      node: [
        {
          name: 'c1',
          op_type: 'Conv',
          input: ['x', 'w1'],
          output: ['c1o'],
          attribute: [attrInts('kernel_shape', [3, 3]), attrInts('pads', [1, 1, 1, 1])],
        },
        { name: 'a1', op_type: 'Add', input: ['c1o', 'b1'], output: ['a1o'], attribute: [] },
        { name: 'r1', op_type: 'Clip', input: ['a1o', 'lo', 'hi'], output: ['r1o'], attribute: [] },
        {
          name: 'c2',
          op_type: 'Conv',
          input: ['r1o', 'w2'],
          output: ['c2o'],
          attribute: [attrInts('kernel_shape', [1, 1])],
        },
        { name: 'a2', op_type: 'Add', input: ['c2o', 'b2'], output: ['y'], attribute: [] },
      ],
    },
  };
}

const input = Float32Array.from({ length: 32 }, (_, i) => ((i * 37) % 32) / 31);
async function run(model: OnnxModel, x: Float32Array<ArrayBufferLike> = input): Promise<Record<string, Float32Array>> {
  const s = await ort.InferenceSession.create(encodeModel(model));
  const out = await s.run({ x: new ort.Tensor('float32', x, [1, 2, 4, 4]) });
  await s.release();
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.data as Float32Array]));
}
const maxDiff = (a: Float32Array, b: Float32Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);

describe('quantize pieces (tiny graph)', () => {
  it('foldConvBias turns Conv + per-channel Add into one Conv with the same output', async () => {
    const m = tinyModel();
    const f = foldConvBias(m);
    expect(f.graph.node.map((n) => n.op_type)).toEqual(['Conv', 'Clip', 'Conv']);
    expect(f.graph.node[0]!.input).toHaveLength(3);
    expect(maxDiff((await run(m)).y!, (await run(f)).y!)).toBeLessThan(1e-6);
  });

  it('activationParams always covers zero exactly', () => {
    expect(activationParams({ min: 0, max: 6 })).toEqual({ scale: 6 / 255, zeroPoint: 0 });
    const p = activationParams({ min: -1, max: 3 });
    expect(p.zeroPoint).toBe(64);
    expect(activationParams({ min: 2, max: 3 }).zeroPoint).toBe(0); // the range is widened to include 0
  });

  it('calibrates, quantizes to QDQ, and stays close to the float model', async () => {
    const f = foldConvBias(tinyModel());
    expect(quantizedTensors(f).sort()).toEqual(['r1o', 'x']);
    const plan = calibrationPlan(f);
    const calib = plan.model;
    const ranges = await collectRanges((x) => run(calib, x), plan.tensors, [input]);
    expect(ranges.get('x')).toEqual({ min: 0, max: 1 });
    const q = quantizeModel(f, ranges);
    const ops = q.graph.node.map((n) => n.op_type);
    expect(ops.filter((o) => o === 'QuantizeLinear')).toHaveLength(2);
    expect(ops.filter((o) => o === 'DequantizeLinear')).toHaveLength(6); // 2 activations, 2 weights, 2 biases
    const weights = q.graph.initializer.filter((t) => t.data_type === 3 && t.dims.length === 4);
    expect(weights).toHaveLength(2);
    const y = (await run(f)).y!;
    const yq = (await run(q)).y!;
    const span = Math.max(...y) - Math.min(...y);
    expect(maxDiff(y, yq)).toBeLessThan(0.03 * span);
    expect(maxDiff(y, yq)).toBeGreaterThan(0); // it really is quantized
  });

  it('leaves the tensors it is told to keep float unquantized, and the Conv they feed in float', async () => {
    const f = foldConvBias(tinyModel());
    const ranges = new Map([
      ['x', { min: 0, max: 1 }],
      ['r1o', { min: 0, max: 6 }],
    ]);
    const q = quantizeModel(f, ranges, { keepFloat: new Set(['r1o']) });
    const quantizedInputs = q.graph.node.filter((n) => n.op_type === 'QuantizeLinear').map((n) => n.input[0]);
    expect(quantizedInputs).toEqual(['x']);
    const c2 = q.graph.node.find((n) => n.name === 'c2')!;
    expect(c2.input[0]).toBe('r1o');
    expect(q.graph.initializer.find((t) => t.name === c2.input[1])?.data_type).toBe(1); // float weights
    const y = (await run(f)).y!;
    const span = Math.max(...y) - Math.min(...y);
    expect(maxDiff(y, (await run(q)).y!)).toBeLessThan(0.03 * span);
  });

  it('quantizes the input of the global pooling, so the Conv before it is a whole int8 group', () => {
    const m = foldConvBias(tinyModel());
    m.graph.node.push({
      name: 'pool',
      op_type: 'ReduceMean',
      input: ['y'],
      output: ['pooled'],
      attribute: [attrInts('axes', [2, 3])],
    });
    m.graph.output = [vi('pooled', [1, 2, 1, 1])];
    expect(quantizedTensors(m).sort()).toEqual(['r1o', 'x', 'y']);
  });

  it('finds the stem as the tensors before the second strided Conv, and refuses a model without one', () => {
    const f = foldConvBias(tinyModel());
    expect(() => stemTensors(f)).toThrow(/fewer than two strided/);
    const strided = structuredClone(f);
    for (const n of strided.graph.node)
      if (n.op_type === 'Conv') n.attribute = [...(n.attribute ?? []), attrInts('strides', [2, 2])];
    // c1 is the first strided Conv, c2 the second: x and c2's input r1o are the stem
    expect([...stemTensors(strided)].sort()).toEqual(['r1o', 'x']);
  });

  it('refuses to quantize without a range for every tensor', () => {
    expect(() => quantizeModel(foldConvBias(tinyModel()), new Map([['x', { min: 0, max: 1 }]]))).toThrow(
      /no calibration range/,
    );
  });
});

const DATA = path.join(sharedDir(), 'data', 'photos');
// signers calibration never used (Massey hand3, digits group 130+)
const PHOTOS = [
  'massey/asl_dataset/a/hand3_a_dif_seg_1_cropped.jpeg',
  'massey/asl_dataset/q/hand3_q_dif_seg_1_cropped.jpeg',
  'massey/asl_dataset/x/hand3_x_dif_seg_2_cropped.jpeg',
  'massey/asl_dataset/5/hand3_5_dif_seg_3_cropped.jpeg',
].map((p) => path.join(DATA, p));

describe('int8 landmark-full against float on real hand crops', () => {
  const cacheDir = path.join(os.tmpdir(), 'asl-landmarks-models-test');
  let paths: Awaited<ReturnType<typeof ensureModels>>;
  const crops: Float32Array[] = [];
  beforeAll(async () => {
    expect(PHOTOS.filter((p) => !existsSync(p))).toEqual([]);
    paths = await ensureModels(cacheDir);
    const rec = await createRecognizer({ modelDir: cacheDir, intraOpThreads: 1 });
    for await (const r of rec.recognize(PHOTOS)) {
      const h = r.hands[0]!;
      const img = await decodeImage(await readFile(r.file));
      const rect = landmarksToRect(h.landmarks);
      crops.push(landmarkCrop(new ImagePyramid(img), rect, borderColor(img)));
    }
    await rec.close();
  }, 120_000);

  it('runs as int8 kernels and puts landmarks of clear hands within about a pixel of the float model', async () => {
    expect(crops).toHaveLength(PHOTOS.length);
    const optimised = path.join(cacheDir, 'int8.opt.onnx');
    const q = await ort.InferenceSession.create(paths.landmarkFullInt8!, {
      graphOptimizationLevel: 'all',
      optimizedModelFilePath: optimised,
    });
    const ops = decodeModel(await readFile(optimised)).graph.node.map((n) => n.op_type);
    expect(ops.filter((o) => o === 'QLinearConv').length).toBeGreaterThanOrEqual(40);
    // the only float convolutions left are the stem's five (kept float on purpose); the last
    // depthwise Conv before the pooled heads runs as int8 too (quantizedTensors: ReduceMean's input)
    expect(ops.filter((o) => o === 'Conv' || o === 'FusedConv')).toHaveLength(5);
    const f = await ort.InferenceSession.create(paths.landmarkFull);
    const dists: number[] = [];
    const presences: string[] = [];
    for (const c of crops) {
      const x = new ort.Tensor('float32', c, [1, 224, 224, 3]);
      const a = await f.run({ [f.inputNames[0]!]: x });
      const b = await q.run({ [q.inputNames[0]!]: x });
      const la = a.Identity!.data as Float32Array;
      const lb = b.Identity!.data as Float32Array;
      let s = 0;
      for (let i = 0; i < 63; i += 3) s += Math.hypot(la[i]! - lb[i]!, la[i + 1]! - lb[i + 1]!);
      dists.push(s / 21);
      const pa = (a.Identity_1!.data as Float32Array)[0]!;
      const pb = (b.Identity_1!.data as Float32Array)[0]!;
      presences.push(`${pa.toFixed(3)}/${pb.toFixed(3)}`);
      // hand presence: the same decision (threshold 0.5), close in value
      expect(pa).toBeGreaterThan(0.5);
      expect(pb).toBeGreaterThan(0.5);
      expect(Math.abs(pa - pb)).toBeLessThan(0.1);
    }
    console.log(
      `int8 vs float: mean landmark distance per crop (224 px) ${dists.map((d) => d.toFixed(2)).join(', ')}; presence float/int8 ${presences.join(', ')}`,
    );
    // clear hands move by about a pixel; a hand the float model is unsure of (Q, pointing down)
    // moves more, as it does under a 2-degree turn of the crop in the float model itself
    const sorted = [...dists].sort((x, y) => x - y);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(1.5);
    expect(sorted.at(-1)).toBeLessThan(15);
    await f.release();
    await q.release();
  }, 120_000);
});
