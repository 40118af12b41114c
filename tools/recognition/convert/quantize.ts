/**
 * Static int8 quantization of a converted landmark model in onnxruntime's QDQ form: activations
 * uint8 per tensor (ranges calibrated on real hand crops), Conv weights int8 per output channel,
 * biases int32. onnxruntime fuses each DequantizeLinear -> Conv -> [Clip] -> QuantizeLinear group
 * into QLinearConv (and residual Adds into QLinearAdd) when the session loads; everything the
 * groups do not cover (the pooled heads, Gemm, Sigmoid) stays float.
 *
 * One job each: foldConvBias (Conv + per-channel Add -> Conv with bias), calibrationModel (the
 * float model with every quantized tensor exposed as an output), quantizeModel (the QDQ model).
 */
import {
  floatsOf,
  floatTensor,
  type OnnxModel,
  type OnnxNode,
  type OnnxTensor,
  type OnnxValueInfo,
} from './onnx-proto.js';

/** bump when the quantized graph changes, so cached int8 models are rebuilt */
export const QUANTIZER_VERSION = '4';

const UINT8 = 2;
const INT8 = 3;
const INT32 = 6;

export interface TensorRange {
  min: number;
  max: number;
}
export interface QuantizeOptions {
  /** activation tensors left float (the Convs and Adds they feed then run in float) */
  keepFloat?: ReadonlySet<string>;
}

function cloneModel(m: OnnxModel): OnnxModel {
  return {
    ...m,
    graph: {
      ...m.graph,
      node: m.graph.node.map((n) => ({
        ...n,
        input: [...n.input],
        output: [...n.output],
        attribute: n.attribute ?? [],
      })),
      initializer: [...m.graph.initializer],
      input: [...m.graph.input],
      output: [...m.graph.output],
    },
  };
}

/** Conv followed by an Add of a per-channel constant (its only use) -> one Conv with that bias. */
export function foldConvBias(model: OnnxModel): OnnxModel {
  const m = cloneModel(model);
  const g = m.graph;
  const inits = new Map(g.initializer.map((t) => [t.name, t]));
  const uses = new Map<string, number>();
  for (const n of g.node) for (const i of n.input) uses.set(i, (uses.get(i) ?? 0) + 1);
  const producer = new Map<string, OnnxNode>();
  for (const n of g.node) for (const o of n.output) producer.set(o, n);
  const outputs = new Set(g.output.map((o) => o.name));
  const removed = new Set<OnnxNode>();
  let k = 0;
  for (const n of g.node) {
    if (n.op_type !== 'Add' || n.input.length !== 2) continue;
    const ci = n.input.findIndex((i) => inits.has(i));
    if (ci < 0) continue;
    const conv = producer.get(n.input[1 - ci]);
    if (!conv || conv.op_type !== 'Conv' || uses.get(conv.output[0]) !== 1 || outputs.has(conv.output[0])) continue;
    const w = inits.get(conv.input[1]);
    const c = inits.get(n.input[ci])!;
    if (!w) continue;
    const cout = w.dims[0];
    const cData = floatsOf(c);
    if (cData.length !== cout && cData.length !== 1) continue;
    if (c.dims.length > 1 && c.dims.slice(-2).some((d) => d !== 1)) continue; // must be per channel (NCHW)
    const bias = new Float32Array(cout);
    if (conv.input[2]) bias.set(floatsOf(inits.get(conv.input[2])!));
    for (let j = 0; j < cout; j++) bias[j] += cData.length === 1 ? cData[0] : cData[j];
    const bt = floatTensor(`${conv.output[0]}_bias__q${k++}`, [cout], bias);
    g.initializer.push(bt);
    inits.set(bt.name, bt);
    conv.input[2] = bt.name;
    conv.output[0] = n.output[0];
    removed.add(n);
  }
  g.node = g.node.filter((n) => !removed.has(n));
  const used = new Set(g.node.flatMap((n) => n.input));
  g.initializer = g.initializer.filter((t) => used.has(t.name));
  return m;
}

/**
 * The activation tensors that get a QuantizeLinear/DequantizeLinear pair: inputs of Conv, of
 * residual Add, and of the global pooling (ReduceMean) before the heads. The last makes the final
 * Conv a whole DQ -> Conv -> Q group that onnxruntime fuses into QLinearConv; left float, that
 * depthwise Conv (1152 channels at 7x7) ran as a float grouped Conv at 0.35 ms, a tenth of the
 * model's time, against 0.05 ms for its int8 neighbours.
 */
export function quantizedTensors(model: OnnxModel): string[] {
  const inits = new Set(model.graph.initializer.map((t) => t.name));
  const out = new Set<string>();
  for (const n of model.graph.node) {
    if (n.op_type === 'Conv' || n.op_type === 'ReduceMean') out.add(n.input[0]);
    if (n.op_type === 'Add' && n.input.every((i) => !inits.has(i))) {
      for (const i of n.input) out.add(i);
      out.add(n.output[0]);
    }
  }
  return [...out];
}

const strides = (n: OnnxNode): number[] => n.attribute?.find((a) => a.name === 'strides')?.ints?.map(Number) ?? [1, 1];

/**
 * The activations at the stem's full resolution: every quantized tensor computed before the
 * second stride-2 Conv's output (the graph input, the first Conv and the first inverted-residual
 * block of a MobileNet-style model, 112x112 in the landmark model). Left float, they halve the
 * int8 landmark model's error on hand crops (2.0 -> 1.0 px of 224 mean shift, 60 crops) at no
 * measurable cost in speed: those layers carry the fine position detail and have few channels.
 */
export function stemTensors(model: OnnxModel): Set<string> {
  const quantized = new Set(quantizedTensors(model));
  const out = new Set<string>();
  let strided = 0;
  for (const i of model.graph.input) if (quantized.has(i.name)) out.add(i.name);
  for (const n of model.graph.node) {
    // that Conv's input was produced above (or is the graph input), so it is already in `out`
    if (n.op_type === 'Conv' && strides(n).some((s) => s > 1) && ++strided === 2) break;
    for (const o of n.output) if (quantized.has(o)) out.add(o);
  }
  if (strided < 2) throw new Error('stemTensors: the model has fewer than two strided convolutions');
  return out;
}

/** The float model with each of `tensors` added as a graph output (for collecting ranges). */
export function calibrationModel(model: OnnxModel, tensors: string[]): OnnxModel {
  const m = cloneModel(model);
  const have = new Set(m.graph.output.map((o) => o.name));
  // float outputs without a shape (onnxruntime treats it as unknown)
  for (const t of tensors)
    if (!have.has(t)) m.graph.output.push({ name: t, type: { tensor_type: { elem_type: 1 } } } as OnnxValueInfo);
  return m;
}

/** uint8 affine parameters covering [min, max] (always including 0, so zero padding is exact). */
export function activationParams(r: TensorRange): { scale: number; zeroPoint: number } {
  const lo = Math.min(0, r.min);
  const hi = Math.max(0, r.max);
  const scale = hi - lo > 0 ? (hi - lo) / 255 : 1;
  const zeroPoint = Math.min(255, Math.max(0, Math.round(-lo / scale)));
  return { scale, zeroPoint };
}

function tensor(name: string, dataType: number, dims: number[], bytes: Uint8Array): OnnxTensor {
  return { name, dims, data_type: dataType, raw_data: bytes };
}
const f32 = (name: string, v: number[] | Float32Array, dims: number[] = []): OnnxTensor =>
  floatTensor(name, dims, v instanceof Float32Array ? v : new Float32Array(v));

/** Weights are int8 in [-127, 127] (symmetric, per output channel). */
const WEIGHT_MAX = 127;

/**
 * The QDQ model: every tensor of quantizedTensors gets Q/DQ (uint8), every Conv fed by one gets
 * int8 per-channel weights and an int32 bias. `ranges` come from calibrationModel runs.
 */
export function quantizeModel(
  model: OnnxModel,
  ranges: Map<string, TensorRange>,
  opts: QuantizeOptions = {},
): OnnxModel {
  const m = cloneModel(model);
  const g = m.graph;
  const inits = new Map(g.initializer.map((t) => [t.name, t]));
  const params = new Map<string, { scale: number; zeroPoint: number }>();
  const tensors = quantizedTensors(model).filter((t) => !opts.keepFloat?.has(t));
  const missing = tensors.filter((t) => !ranges.has(t));
  if (missing.length) throw new Error(`no calibration range for ${missing.length} tensors, e.g. ${missing[0]}`);
  for (const t of tensors) params.set(t, activationParams(ranges.get(t)!));
  const nodes: OnnxNode[] = [];
  const dqName = (t: string) => `${t}__dq`;
  const dqNode = (q: string, out: string, axis?: number): OnnxNode => ({
    name: `${q}__DQ`,
    op_type: 'DequantizeLinear',
    input: [q, `${q}_s`, `${q}_z`],
    output: [out],
    attribute: axis === undefined ? [] : [{ name: 'axis', type: 2, i: axis }],
  });
  // activations: Q/DQ right after the producer (or at the graph input)
  const qdq = (t: string): OnnxNode[] => {
    const p = params.get(t)!;
    const q = `${t}__q`;
    g.initializer.push(f32(`${q}_s`, [p.scale]), tensor(`${q}_z`, UINT8, [], new Uint8Array([p.zeroPoint])));
    return [
      { name: `${t}__Q`, op_type: 'QuantizeLinear', input: [t, `${q}_s`, `${q}_z`], output: [q], attribute: [] },
      dqNode(q, dqName(t)),
    ];
  };
  // a per-channel quantized constant: its initializers and the DequantizeLinear that feeds the Conv
  const constant = (q: string, type: number, dims: number[], data: Int8Array | Int32Array, scales: Float32Array) => {
    const zeros = new Uint8Array(scales.length * data.BYTES_PER_ELEMENT);
    g.initializer.push(
      tensor(q, type, dims, new Uint8Array(data.buffer)),
      f32(`${q}_s`, scales, [scales.length]),
      tensor(`${q}_z`, type, [scales.length], zeros),
    );
    nodes.push(dqNode(q, `${q}__dq`, 0));
    return `${q}__dq`;
  };
  for (const i of g.input) if (params.has(i.name)) nodes.push(...qdq(i.name));
  let k = 0;
  for (const n of g.node) {
    const inputs = n.input.map((i) => (params.has(i) && !inits.has(i) ? dqName(i) : i));
    if (n.op_type === 'Conv' && params.has(n.input[0]) && inits.has(n.input[1])) {
      const w = inits.get(n.input[1])!;
      const wd = floatsOf(w);
      const cout = w.dims[0];
      const per = wd.length / cout;
      const scales = new Float32Array(cout);
      const q = new Int8Array(wd.length);
      for (let c = 0; c < cout; c++) {
        let amax = 0;
        for (let j = 0; j < per; j++) amax = Math.max(amax, Math.abs(wd[c * per + j]));
        const s = amax > 0 ? amax / WEIGHT_MAX : 1;
        scales[c] = s;
        for (let j = 0; j < per; j++)
          q[c * per + j] = Math.max(-WEIGHT_MAX, Math.min(WEIGHT_MAX, Math.round(wd[c * per + j] / s)));
      }
      inputs[1] = constant(`${w.name}__q${k++}`, INT8, w.dims, q, scales);
      if (n.input[2]) {
        // int32 bias at scale (input scale x weight scale), as QLinearConv adds it to the accumulator
        const b = floatsOf(inits.get(n.input[2])!);
        const sx = params.get(n.input[0])!.scale;
        const bs = scales.map((sw) => sx * sw);
        const bq = Int32Array.from(b, (v, c) => Math.round(v / bs[c]));
        inputs[2] = constant(`${n.input[2]}__q${k++}`, INT32, [cout], bq, bs);
      }
    }
    nodes.push({ ...n, input: inputs });
    for (const o of n.output) if (params.has(o)) nodes.push(...qdq(o));
  }
  g.node = nodes;
  const used = new Set(g.node.flatMap((n) => n.input));
  g.initializer = g.initializer.filter((t) => used.has(t.name));
  return m;
}
