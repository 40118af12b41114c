/**
 * TensorFlow.js graph model -> ONNX (opset 13) converter: walks the graph's nodes in order and
 * hands each to its op handler (ops/), which emits ONNX nodes through the GraphBuilder (the
 * layout strategy is described there); then exposes the outputs in TF's layout and applies
 * onnxruntime-friendly rewrites.
 */
import {
  attrInts,
  encodeModel,
  floatsOf,
  floatTensor,
  DataType,
  type OnnxModel,
  type OnnxNode,
  type OnnxTensor,
  type OnnxValueInfo,
} from './onnx-proto.js';
import type { TfGraph } from './tfjs-graph.js';
import { baseName, GraphBuilder, NCHW_TO_NHWC } from './graph-builder.js';
import { OP_HANDLERS } from './ops/index.js';

export { transposeData } from './graph-builder.js';

/** the TF.js ops the converter handles */
export const SUPPORTED_OPS: readonly string[] = Object.keys(OP_HANDLERS);

export interface ConvertOptions {
  producerVersion?: string;
  docString?: string;
  /**
   * The input's height and width (NHWC dims 1 and 2) left free instead of the TF.js model's fixed
   * size: for a fully convolutional model that ends in global pooling (the landmark models), which
   * then reads a smaller crop at less cost.
   */
  freeSpatialDims?: boolean;
}

export function convertTfjsGraph(graph: TfGraph, opts: ConvertOptions = {}): Uint8Array {
  return encodeModel(buildOnnxModel(graph, opts));
}

export function buildOnnxModel(graph: TfGraph, opts: ConvertOptions = {}): OnnxModel {
  const { model, weights } = graph;
  const g = new GraphBuilder(weights);
  for (const node of model.modelTopology.node) {
    const handler = OP_HANDLERS[node.op];
    if (!handler) throw new Error(`unsupported TF op ${node.op} (node ${node.name})`);
    handler(
      g,
      node,
      (node.input ?? []).filter((i) => !i.startsWith('^')),
    );
  }
  const { nodes, inits, inputs, vals } = g;
  if (opts.freeSpatialDims)
    for (const i of inputs) {
      const dim = i.type.tensor_type.shape.dim;
      if (dim.length === 4) [dim[1], dim[2]] = [{ dim_param: 'height' }, { dim_param: 'width' }];
    }
  const emit = g.emit.bind(g);

  const outNames = model.signature?.outputs
    ? Object.values(model.signature.outputs).map((o) => baseName(o.name))
    : model.modelTopology.node.filter((n) => n.op === 'Identity' && n.name.startsWith('Identity')).map((n) => n.name);
  const outputs: OnnxValueInfo[] = [];
  for (const o of outNames) {
    const v = vals.get(o);
    if (!v) throw new Error(`output ${o} not produced`);
    let oname = o;
    if (v.layout === 'NCHW') {
      // rename: the NCHW tensor keeps its name internally, expose an NHWC copy
      oname = `${o}`;
      const internal = `${o}__nchw_out`;
      for (const n of nodes) {
        n.output = n.output.map((x) => (x === o ? internal : x));
        n.input = n.input.map((x) => (x === o ? internal : x));
      }
      emit('Transpose', [internal], [oname], [attrInts('perm', NCHW_TO_NHWC)]);
    }
    outputs.push({ name: oname, type: { tensor_type: { elem_type: DataType.FLOAT, shape: { dim: [] } } } });
  }
  // drop the empty shape (unknown rank) for outputs
  for (const o of outputs) delete (o.type.tensor_type as { shape?: unknown }).shape;

  optimizeForOrt(nodes, inits, new Set(outputs.map((o) => o.name)));

  return {
    ir_version: 7,
    opset_import: [{ domain: '', version: 13 }],
    producer_name: 'asl-tfjs2onnx',
    producer_version: opts.producerVersion ?? '1',
    doc_string: opts.docString ?? '',
    graph: { name: 'tfjs_graph', node: nodes, initializer: inits, input: inputs, output: outputs },
  };
}

/**
 * Rewrites that let onnxruntime's NCHWc transformer keep whole residual stages in its blocked
 * layout (every op it cannot fuse costs a ReorderOutput + ReorderInput pair and a pass over
 * memory):
 * 1. Sum with two inputs -> Add (only Add is fused into a Conv as its residual input).
 * 2. Bias folding: `Add(c, Add(Conv(x), skip))` with a per-channel constant c (Grappler's
 *    AddOpsRewrite moves the BatchNorm offset of the residual branch after the residual add)
 *    becomes `Add(Conv'(x), skip)` with c added to the Conv's bias.
 * 3. Zero channel padding (`Pad` on axis C only, value 0) of a residual shortcut becomes a 1x1
 *    Conv with identity weights (exact), which the NCHWc path handles.
 * All three are exact up to float rounding of the reordered additions.
 */
export function optimizeForOrt(nodes: OnnxNode[], inits: OnnxTensor[], graphOutputs: Set<string>): void {
  const initByName = new Map(inits.map((t) => [t.name, t]));
  const producer = new Map<string, OnnxNode>();
  const consumers = new Map<string, OnnxNode[]>();
  const index = (): void => {
    producer.clear();
    consumers.clear();
    for (const n of nodes) {
      for (const o of n.output) producer.set(o, n);
      for (const i of n.input) {
        if (!consumers.has(i)) consumers.set(i, []);
        consumers.get(i)!.push(n);
      }
    }
  };
  const soleUse = (t: string): boolean => !graphOutputs.has(t) && (consumers.get(t)?.length ?? 0) === 1;

  // 1. two-input Sum -> Add
  for (const n of nodes) if (n.op_type === 'Sum' && n.input.length === 2) n.op_type = 'Add';

  // 2. fold a trailing per-channel constant into the residual branch's Conv bias
  index();
  const removed = new Set<OnnxNode>();
  let k = 0;
  for (const n of nodes) {
    if (n.op_type !== 'Add' || n.input.length !== 2) continue;
    const ci = n.input.findIndex((i) => initByName.has(i));
    if (ci < 0) continue;
    const c = initByName.get(n.input[ci])!;
    const inner = producer.get(n.input[1 - ci]);
    if (!inner || inner.op_type !== 'Add' || !soleUse(inner.output[0])) continue;
    if (inner.input.some((i) => initByName.has(i))) continue;
    const conv = inner.input.map((i) => producer.get(i)).find((p) => p && p.op_type === 'Conv' && soleUse(p.output[0]));
    if (!conv) continue;
    const w = initByName.get(conv.input[1]);
    if (!w) continue;
    const cout = w.dims[0];
    const cData = floatsOf(c);
    const perChannel = c.dims.length === 1 || (c.dims.length === 3 && c.dims[1] === 1 && c.dims[2] === 1);
    if (!perChannel || (cData.length !== cout && cData.length !== 1)) continue;
    const bias = new Float32Array(cout);
    if (conv.input[2]) {
      const b = initByName.get(conv.input[2]);
      if (!b) continue;
      bias.set(floatsOf(b));
    }
    for (let j = 0; j < cout; j++) bias[j] += cData.length === 1 ? cData[0] : cData[j];
    const bt = floatTensor(`${conv.name}_folded_B__${k++}`, [cout], bias);
    inits.push(bt);
    initByName.set(bt.name, bt);
    conv.input[2] = bt.name;
    inner.output[0] = n.output[0];
    removed.add(n);
  }

  // 3. zero channel padding -> identity 1x1 Conv
  index();
  const channelsOf = (t: string, depth = 0): number | undefined => {
    const p = producer.get(t);
    if (!p || depth > 50) return undefined;
    if (p.op_type === 'Conv') return initByName.get(p.input[1])?.dims[0];
    if (['Relu', 'Clip', 'Add', 'MaxPool', 'AveragePool', 'Identity'].includes(p.op_type))
      return channelsOf(p.input[0], depth + 1);
    return undefined;
  };
  for (const n of nodes) {
    if (n.op_type !== 'Pad' || removed.has(n)) continue;
    const mode = n.attribute.find((a) => a.name === 'mode');
    if (mode?.s && new TextDecoder().decode(mode.s) !== 'constant') continue;
    const pads = initByName.get(n.input[1]);
    if (!pads || pads.dims[0] !== 8) continue;
    const pv = Array.from(new BigInt64Array(pads.raw_data.slice().buffer), Number);
    if (pv.some((v, j) => j !== 5 && v !== 0) || pv[5] <= 0) continue; // NCHW: only C after
    if (n.input[2]) {
      const v = initByName.get(n.input[2]);
      if (!v || floatsOf(v).some((x) => x !== 0)) continue;
    }
    const cin = channelsOf(n.input[0]);
    if (!cin) continue;
    const cout = cin + pv[5];
    const w = new Float32Array(cout * cin);
    for (let j = 0; j < cin; j++) w[j * cin + j] = 1;
    const wt = floatTensor(`${n.name}_eye__${k++}`, [cout, cin, 1, 1], w);
    inits.push(wt);
    initByName.set(wt.name, wt);
    n.op_type = 'Conv';
    n.input = [n.input[0], wt.name];
    n.attribute = [attrInts('kernel_shape', [1, 1])];
  }

  const kept = nodes.filter((n) => !removed.has(n));
  nodes.length = 0;
  nodes.push(...kept);
  const used = new Set(nodes.flatMap((n) => n.input));
  const live = inits.filter((t) => used.has(t.name));
  inits.length = 0;
  inits.push(...live);
}
