/**
 * Converter unit tests: helpers, protobuf round trip, and a synthetic TF.js graph that exercises
 * every supported op (with float16 and uint8-quantized weights) checked against TF.js itself.
 */
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOnnxModel, convertTfjsGraph, transposeData } from './convert.js';
import { decodeModel } from './onnx-proto.js';
import { decodeWeights, halfToFloat, type ModelJson, type TfNode, type WeightEntry } from './tfjs-graph.js';
import { tf } from './tfjs-reference.js';

describe('helpers', () => {
  it('halfToFloat decodes normal, subnormal and special halves', () => {
    expect(halfToFloat(0x3c00)).toBe(1);
    expect(halfToFloat(0xc000)).toBe(-2);
    expect(halfToFloat(0x0001)).toBeCloseTo(5.96e-8, 10);
    expect(halfToFloat(0x7c00)).toBe(Infinity);
    expect(Number.isNaN(halfToFloat(0x7e00))).toBe(true);
  });
  it('transposeData permutes like numpy.transpose', () => {
    const t = transposeData(Float32Array.from([0, 1, 2, 3, 4, 5]), [2, 3], [1, 0]);
    expect(t.shape).toEqual([3, 2]);
    expect(Array.from(t.data)).toEqual([0, 3, 1, 4, 2, 5]);
  });
  it('decodeWeights de-quantizes uint8 and checks the byte count', () => {
    const w = decodeWeights(
      [{ name: 'q', shape: [3], dtype: 'float32', quantization: { dtype: 'uint8', scale: 0.5, min: -1 } }],
      Uint8Array.from([0, 2, 4]),
    );
    expect(Array.from(w.get('q')!.data)).toEqual([-1, 0, 1]);
    expect(() => decodeWeights([{ name: 'q', shape: [2], dtype: 'float32' }], new Uint8Array(4))).toThrow(/mismatch/);
  });
});

// ---- synthetic graph --------------------------------------------------------------------
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const ints = (...v: number[]) => ({ list: { i: v.map(String) } });
const conv = (extra: Record<string, unknown> = {}) => ({
  strides: ints(1, 1, 1, 1),
  padding: { s: b64('SAME') },
  data_format: { s: b64('NHWC') },
  dilations: ints(1, 1, 1, 1),
  ...extra,
});

function rand(n: number, seed: number): Float32Array {
  let s = seed;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    s = (s * 16807) % 2147483647;
    out[i] = (s / 2147483647) * 2 - 1;
  }
  return out;
}

function syntheticModel(): { json: ModelJson; weights: ArrayBuffer } {
  const entries: WeightEntry[] = [];
  const bufs: Uint8Array[] = [];
  const nodes: TfNode[] = [];
  let seed = 1;
  const constF = (name: string, shape: number[], mode: 'f32' | 'f16' | 'u8' = 'f32', scale = 0.5): string => {
    const n = shape.reduce((a, b) => a * b, 1);
    const v = rand(n, seed++).map((x) => x * scale);
    if (mode === 'f32') {
      entries.push({ name, shape, dtype: 'float32' });
      bufs.push(new Uint8Array(v.buffer));
    } else if (mode === 'f16') {
      const h = new Uint16Array(n);
      for (let i = 0; i < n; i++) {
        // round to a half via its bits (values are normal and small)
        const f = new Float32Array([v[i]]);
        const u = new Uint32Array(f.buffer)[0];
        const sign = (u >>> 16) & 0x8000;
        const e = ((u >>> 23) & 0xff) - 127 + 15;
        const m = (u >>> 13) & 0x3ff;
        h[i] = e <= 0 ? sign : sign | (e << 10) | m;
      }
      entries.push({ name, shape, dtype: 'float32', quantization: { dtype: 'float16' } });
      bufs.push(new Uint8Array(h.buffer));
    } else {
      const q = Uint8Array.from(v, (x) => Math.round(((x + scale) / (2 * scale)) * 255));
      entries.push({
        name,
        shape,
        dtype: 'float32',
        quantization: { dtype: 'uint8', scale: (2 * scale) / 255, min: -scale },
      });
      bufs.push(q);
    }
    nodes.push({
      name,
      op: 'Const',
      attr: {
        dtype: { type: 'DT_FLOAT' },
        value: {
          tensor: { dtype: 'DT_FLOAT', tensorShape: { dim: shape.map((d) => ({ size: String(d) })) } },
        } as never,
      },
    });
    return name;
  };
  const constI = (name: string, shape: number[], v: number[]): string => {
    entries.push({ name, shape, dtype: 'int32' });
    bufs.push(new Uint8Array(Int32Array.from(v).buffer));
    nodes.push({
      name,
      op: 'Const',
      attr: {
        dtype: { type: 'DT_INT32' },
        value: {
          tensor: { dtype: 'DT_INT32', tensorShape: { dim: shape.map((d) => ({ size: String(d) })) } },
        } as never,
      },
    });
    return name;
  };
  const op = (name: string, o: string, input: string[], attr: Record<string, unknown> = {}): string => {
    nodes.push({ name, op: o, input, attr: { T: { type: 'DT_FLOAT' }, ...attr } as never });
    return name;
  };
  nodes.push({
    name: 'input',
    op: 'Placeholder',
    attr: {
      dtype: { type: 'DT_FLOAT' },
      shape: { shape: { dim: [1, 16, 16, 3].map((d) => ({ size: String(d) })) } } as never,
    },
  });
  const c1 = op('c1', 'Conv2D', ['input', constF('w1', [3, 3, 3, 8], 'f16')], conv({ strides: ints(1, 2, 2, 1) })); // 8x8x8
  const a1 = op('a1', 'AddV2', [c1, constF('b1', [8])]);
  const r1 = op('r1', 'Relu6', [a1]);
  const d1 = op('d1', 'DepthwiseConv2dNative', [r1, constF('dw1', [3, 3, 8, 2], 'u8')], conv()); // 8x8x16
  const f1 = op(
    'f1',
    '_FusedConv2D',
    [d1, constF('w2', [1, 1, 16, 8]), constF('b2', [8]), constF('al', [8])],
    conv({
      fused_ops: { list: { s: [b64('BiasAdd'), b64('Prelu')] } },
      num_args: { i: '2' },
      padding: { s: b64('VALID') },
    }),
  );
  const fd = op(
    'fd',
    'FusedDepthwiseConv2dNative',
    [f1, constF('dw2', [3, 3, 8, 1]), constF('b3', [8])],
    conv({
      fused_ops: { list: { s: [b64('BiasAdd'), b64('Relu')] } },
      num_args: { i: '1' },
      strides: ints(1, 2, 2, 1),
    }),
  ); // 4x4x8
  const mp = op('mp', 'MaxPool', [f1], {
    ksize: ints(1, 2, 2, 1),
    strides: ints(1, 2, 2, 1),
    padding: { s: b64('VALID') },
    data_format: { s: b64('NHWC') },
  }); // 4x4x8
  const sum = op('sum', 'AddN', [fd, mp], { N: { i: '2' } });
  const mul = op('mul', 'Mul', [constF('m1', [8]), sum]);
  const pad = op('pad', 'Pad', [mul, constI('pads', [4, 2], [0, 0, 1, 0, 0, 1, 0, 4])]); // 5x5x12
  const up = op(
    'up',
    'Conv2DBackpropInput',
    [constI('osz', [4], [1, 10, 10, 6]), constF('wt', [2, 2, 6, 12]), pad],
    conv({ strides: ints(1, 2, 2, 1) }),
  ); // 10x10x6
  const rs = op('rs', 'ResizeBilinear', [up, constI('size', [2], [5, 5])], {
    half_pixel_centers: { b: true },
    align_corners: { b: false },
  }); // 5x5x6
  const cat = op('cat', 'ConcatV2', [rs, pad, constI('ax', [], [-1])], { N: { i: '2' } }); // 5x5x18
  const relu = op('relu', 'Relu', [cat]);
  const mean = op('mean', 'Mean', [relu, constI('axes', [2], [1, 2])], { keep_dims: { b: false } }); // 1x18
  const mm = op('mm', '_FusedMatMul', [mean, constF('wm', [18, 5]), constF('bm', [5])], {
    fused_ops: { list: { s: [b64('BiasAdd')] } },
    num_args: { i: '1' },
    transpose_a: { b: false },
    transpose_b: { b: false },
  });
  op('Identity', 'Sigmoid', [mm]);
  const rsh = op('rsh', 'Reshape', [relu, constI('shape', [3], [1, -1, 6])]); // 1x75x6 in NHWC order
  op('Identity_1', 'Identity', [rsh]);
  op('Identity_2', 'Identity', [fd]); // a 4-D NHWC output
  const total = bufs.reduce((a, b) => a + b.byteLength, 0);
  const all = new Uint8Array(total);
  let o = 0;
  for (const b of bufs) {
    all.set(b, o);
    o += b.byteLength;
  }
  return {
    json: {
      format: 'graph-model',
      modelTopology: { node: nodes },
      weightsManifest: [{ paths: ['w.bin'], weights: entries }],
      signature: {
        inputs: { input: { name: 'input:0' } },
        outputs: {
          Identity: { name: 'Identity:0' },
          Identity_1: { name: 'Identity_1:0' },
          Identity_2: { name: 'Identity_2:0' },
        },
      },
    },
    weights: all.buffer,
  };
}

describe('synthetic graph with every supported op', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });
  it('ONNX output matches TF.js within 1e-4 and keeps the NHWC contract', async () => {
    const { json, weights } = syntheticModel();
    const tfm = await tf.loadGraphModel(
      tf.io.fromMemory({
        modelTopology: { ...json.modelTopology, versions: { producer: 1 } },
        weightSpecs: json.weightsManifest[0].weights as tf.io.WeightsManifestEntry[],
        weightData: weights,
        format: 'graph-model',
      }),
    );
    const onnx = convertTfjsGraph({
      model: json,
      weights: decodeWeights(json.weightsManifest[0].weights, new Uint8Array(weights)),
    });
    const s = await ort.InferenceSession.create(onnx);
    const x = rand(16 * 16 * 3, 99);
    const outs = ['Identity', 'Identity_1', 'Identity_2'];
    const ref = tfm.execute(tf.tensor4d(x, [1, 16, 16, 3]), outs) as tf.Tensor[];
    const got = await s.run({ input: new ort.Tensor('float32', x, [1, 16, 16, 3]) });
    outs.forEach((o, k) => {
      expect(got[o].dims).toEqual(ref[k].shape);
      const a = ref[k].dataSync();
      const b = got[o].data as Float32Array;
      let d = 0;
      for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
      expect(d, o).toBeLessThan(1e-4);
    });
    expect(got.Identity_2.dims).toEqual([1, 4, 4, 8]);
  });
  it('writes a valid protobuf (round trip) and rejects unknown ops', () => {
    const { json, weights } = syntheticModel();
    const g = { model: json, weights: decodeWeights(json.weightsManifest[0].weights, new Uint8Array(weights)) };
    const m = decodeModel(convertTfjsGraph(g));
    expect(m.opset_import[0].version).toBe(13);
    expect(m.graph.output.map((o) => o.name)).toEqual(['Identity', 'Identity_1', 'Identity_2']);
    expect(m.graph.node.some((n) => n.op_type === 'ConvTranspose')).toBe(true);
    const bad = {
      ...json,
      modelTopology: { node: [...json.modelTopology.node, { name: 'x', op: 'Erf', input: ['input'] }] },
    };
    expect(() => buildOnnxModel({ model: bad, weights: g.weights })).toThrow(/unsupported TF op Erf/);
  });
});

describe('onnxruntime-friendly rewrites on the real hand models', () => {
  it('leaves no two-input Sum, no constant Add after a residual Add, no channel Pad', async () => {
    const { readTfGraph } = await import('./tfjs-graph.js');
    const { defaultSourceDir } = await import('./ensure-models.js');
    const path = await import('node:path');
    for (const f of ['handdetect.json', 'handlandmark-lite.json']) {
      const m = buildOnnxModel(await readTfGraph(path.join(defaultSourceDir(), f)));
      const inits = new Set(m.graph.initializer.map((t) => t.name));
      const producer = new Map(m.graph.node.flatMap((n) => n.output.map((o) => [o, n] as const)));
      const ops = m.graph.node.map((n) => n.op_type);
      expect(
        ops.filter((o) => o === 'Sum' || o === 'Pad'),
        f,
      ).toEqual([]);
      const constAfterResidual = m.graph.node.filter(
        (n) =>
          n.op_type === 'Add' &&
          n.input.some((i) => inits.has(i)) &&
          n.input.some((i) => producer.get(i)?.op_type === 'Add'),
      );
      expect(
        constAfterResidual.map((n) => n.name),
        f,
      ).toEqual([]);
      const used = new Set(m.graph.node.flatMap((n) => n.input));
      expect(
        m.graph.initializer.filter((t) => !used.has(t.name)).map((t) => t.name),
        f,
      ).toEqual([]);
    }
  });
});
