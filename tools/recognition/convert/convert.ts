/**
 * TensorFlow.js graph model -> ONNX (opset 13) converter.
 *
 * Layout strategy: the ONNX model keeps the TF.js input/output contract (NHWC input, same
 * output names and shapes). Internally every 4-D activation produced by a spatial op is kept
 * in NCHW; a tensor is transposed back to NHWC only where an op needs TF semantics (Reshape,
 * MatMul, graph outputs, ...). Constants are re-laid out at conversion time.
 */
import { attrList, attrStr, attrStrList, type TfGraph, type TfNode, type Weight } from './tfjs-graph.js';
import {
  attrFloat,
  attrInt,
  attrInts,
  attrString,
  encodeModel,
  floatsOf,
  floatTensor,
  int64Tensor,
  DataType,
  type OnnxAttr,
  type OnnxModel,
  type OnnxNode,
  type OnnxTensor,
  type OnnxValueInfo,
} from './onnx-proto.js';

type Layout = 'NCHW' | 'plain';
interface Val {
  name: string;
  layout: Layout;
  rank?: number;
}

export const SUPPORTED_OPS = [
  'Const',
  'Placeholder',
  'Identity',
  'Conv2D',
  '_FusedConv2D',
  'DepthwiseConv2dNative',
  'FusedDepthwiseConv2dNative',
  'Conv2DBackpropInput',
  'AddV2',
  'Add',
  'Sub',
  'Mul',
  'AddN',
  'Relu',
  'Relu6',
  'Prelu',
  'LeakyRelu',
  'Sigmoid',
  'Tanh',
  'Pad',
  'PadV2',
  'MaxPool',
  'AvgPool',
  'Reshape',
  'ConcatV2',
  'Mean',
  'MatMul',
  '_FusedMatMul',
  'ResizeBilinear',
] as const;

const NHWC_TO_NCHW = [0, 3, 1, 2];
const NCHW_TO_NHWC = [0, 2, 3, 1];
const AXIS_NHWC_TO_NCHW = [0, 2, 3, 1]; // nhwc axis a -> nchw axis

/** transpose a dense tensor */
export function transposeData<T extends Float32Array | Int32Array>(
  data: T,
  shape: number[],
  perm: number[],
): { data: T; shape: number[] } {
  const rank = shape.length;
  const outShape = perm.map((p) => shape[p]);
  const inStrides = new Array<number>(rank);
  let s = 1;
  for (let i = rank - 1; i >= 0; i--) {
    inStrides[i] = s;
    s *= shape[i];
  }
  const out = new (data.constructor as { new (n: number): T })(data.length);
  const idx = new Array<number>(rank).fill(0);
  const permStrides = perm.map((p) => inStrides[p]);
  for (let o = 0; o < data.length; o++) {
    let src = 0;
    for (let i = 0; i < rank; i++) src += idx[i] * permStrides[i];
    out[o] = data[src];
    for (let i = rank - 1; i >= 0; i--) {
      if (++idx[i] < outShape[i]) break;
      idx[i] = 0;
    }
  }
  return { data: out, shape: outShape };
}

const baseName = (input: string): string => input.replace(/^\^/, '').replace(/:0$/, '');

export interface ConvertOptions {
  producerVersion?: string;
  docString?: string;
}

export function convertTfjsGraph(graph: TfGraph, opts: ConvertOptions = {}): Uint8Array {
  return encodeModel(buildOnnxModel(graph, opts));
}

export function buildOnnxModel(graph: TfGraph, opts: ConvertOptions = {}): OnnxModel {
  const { model, weights } = graph;
  const nodes: OnnxNode[] = [];
  const inits: OnnxTensor[] = [];
  const initNames = new Set<string>();
  const vals = new Map<string, Val>();
  const nhwcCache = new Map<string, string>();
  const nchwCache = new Map<string, string>();
  const inputs: OnnxValueInfo[] = [];
  let uid = 0;
  const fresh = (hint: string): string => `${hint}__${uid++}`;

  const addInit = (t: OnnxTensor): string => {
    if (!initNames.has(t.name)) {
      inits.push(t);
      initNames.add(t.name);
    }
    return t.name;
  };
  const emit = (
    op_type: string,
    input: string[],
    output: string[],
    attribute: OnnxAttr[] = [],
    name?: string,
  ): void => {
    nodes.push({ op_type, input, output, attribute, name: name ?? fresh(op_type) });
  };
  const constOf = (input: string): Weight | undefined => weights.get(baseName(input));
  const mustConst = (input: string, what: string): Weight => {
    const w = constOf(input);
    if (!w) throw new Error(`${what}: expected a constant input, got ${input}`);
    return w;
  };
  const valOf = (input: string): Val => {
    const n = baseName(input);
    const v = vals.get(n);
    if (v) return v;
    const w = weights.get(n);
    if (w) {
      // constant used as an activation: plain layout
      const t =
        w.dtype === 'float32'
          ? floatTensor(n, w.shape, w.data as Float32Array)
          : int64Tensor(n, w.shape, Array.from(w.data));
      addInit(t);
      const cv: Val = { name: n, layout: 'plain', rank: w.shape.length };
      vals.set(n, cv);
      return cv;
    }
    throw new Error(`unknown tensor ${input}`);
  };
  const asNHWC = (v: Val): string => {
    if (v.layout === 'plain') return v.name;
    let n = nhwcCache.get(v.name);
    if (!n) {
      n = fresh(`${v.name}_nhwc`);
      emit('Transpose', [v.name], [n], [attrInts('perm', NCHW_TO_NHWC)]);
      nhwcCache.set(v.name, n);
    }
    return n;
  };
  const asNCHW = (v: Val): string => {
    if (v.layout === 'NCHW') return v.name;
    let n = nchwCache.get(v.name);
    if (!n) {
      n = fresh(`${v.name}_nchw`);
      emit('Transpose', [v.name], [n], [attrInts('perm', NHWC_TO_NCHW)]);
      nchwCache.set(v.name, n);
    }
    return n;
  };
  const i64 = (hint: string, data: number[]): string => addInit(int64Tensor(fresh(hint), [data.length], data));
  const f32scalar = (hint: string, v: number): string => addInit(floatTensor(fresh(hint), [], new Float32Array([v])));

  /** activation after a fused op or standalone */
  const activation = (kind: string, x: string, out: string, node: TfNode, alphaInput?: string): void => {
    switch (kind) {
      case 'Relu':
        emit('Relu', [x], [out]);
        break;
      case 'Relu6':
        emit('Clip', [x, f32scalar('zero', 0), f32scalar('six', 6)], [out]);
        break;
      case 'Sigmoid':
        emit('Sigmoid', [x], [out]);
        break;
      case 'Tanh':
        emit('Tanh', [x], [out]);
        break;
      case 'Elu':
        emit('Elu', [x], [out]);
        break;
      case 'LeakyRelu':
        emit(
          'LeakyRelu',
          [x],
          [out],
          [attrFloat('alpha', node.attr?.leakyrelu_alpha?.f ?? node.attr?.alpha?.f ?? 0.2)],
        );
        break;
      case 'Prelu': {
        if (!alphaInput) throw new Error(`${node.name}: Prelu without alpha`);
        const a = mustConst(alphaInput, 'Prelu alpha');
        const c = a.data.length;
        const t = floatTensor(fresh('prelu_alpha'), [c, 1, 1], Float32Array.from(a.data));
        emit('PRelu', [x, addInit(t)], [out]);
        break;
      }
      default:
        throw new Error(`${node.name}: unsupported fused activation ${kind}`);
    }
  };

  const spatialAttrs = (node: TfNode, kernel: number[]): OnnxAttr[] => {
    const strides = attrList(node.attr?.strides);
    const dil = attrList(node.attr?.dilations);
    const pad = attrStr(node.attr?.padding);
    const fmt = attrStr(node.attr?.data_format) || 'NHWC';
    if (fmt !== 'NHWC') throw new Error(`${node.name}: data_format ${fmt} unsupported`);
    const a: OnnxAttr[] = [
      attrInts('kernel_shape', kernel),
      attrInts('strides', strides.length ? [strides[1], strides[2]] : [1, 1]),
    ];
    if (dil.length) a.push(attrInts('dilations', [dil[1], dil[2]]));
    if (pad === 'SAME') a.push(attrString('auto_pad', 'SAME_UPPER'));
    else if (pad === 'VALID') a.push(attrString('auto_pad', 'VALID'));
    else if (pad === 'EXPLICIT') {
      const e = attrList(node.attr?.explicit_paddings); // NHWC pairs
      a.push(attrInts('pads', [e[2], e[4], e[3], e[5]]));
    } else throw new Error(`${node.name}: padding ${pad}`);
    return a;
  };

  for (const node of model.modelTopology.node) {
    const name = node.name;
    const ins = (node.input ?? []).filter((i) => !i.startsWith('^'));
    switch (node.op) {
      case 'Const':
        break; // materialised lazily where used
      case 'Placeholder': {
        const dims =
          (node.attr?.shape as { shape?: { dim?: Array<{ size: string }> } } | undefined)?.shape?.dim?.map((d) =>
            Number(d.size),
          ) ?? [];
        inputs.push({
          name,
          type: {
            tensor_type: {
              elem_type: DataType.FLOAT,
              shape: { dim: dims.map((d, k) => (d > 0 ? { dim_value: d } : { dim_param: `d${k}` })) },
            },
          },
        });
        vals.set(name, { name, layout: 'plain', rank: dims.length });
        break;
      }
      case 'Identity': {
        const v = valOf(ins[0]);
        emit('Identity', [v.name], [name]);
        vals.set(name, { ...v, name });
        break;
      }
      case 'Conv2D':
      case '_FusedConv2D':
      case 'DepthwiseConv2dNative':
      case 'FusedDepthwiseConv2dNative': {
        const x = asNCHW(valOf(ins[0]));
        const f = mustConst(ins[1], `${name} filter`);
        const [kh, kw, cin, m] = f.shape;
        const depthwise = node.op.includes('Depthwise');
        const attrs = spatialAttrs(node, [kh, kw]);
        let w: { data: Float32Array; shape: number[] };
        if (depthwise) {
          // [kh,kw,C,M] -> [C*M,1,kh,kw]
          const t = transposeData(Float32Array.from(f.data), f.shape, [2, 3, 0, 1]);
          w = { data: t.data, shape: [cin * m, 1, kh, kw] };
          attrs.push(attrInt('group', cin));
        } else {
          w = transposeData(Float32Array.from(f.data), f.shape, [3, 2, 0, 1]); // -> [O,I,kh,kw]
        }
        const convIn = [x, addInit(floatTensor(fresh(`${name}_W`), w.shape, w.data))];
        const fused =
          node.op.startsWith('_Fused') || node.op.startsWith('Fused') ? attrStrList(node.attr?.fused_ops) : [];
        let extra = 2;
        if (fused[0] === 'BiasAdd') {
          const b = mustConst(ins[2], `${name} bias`);
          convIn.push(addInit(floatTensor(fresh(`${name}_B`), [b.data.length], Float32Array.from(b.data))));
          extra = 3;
        } else if (fused.length) throw new Error(`${name}: unsupported fused_ops ${fused.join(',')}`);
        const act = fused.slice(1);
        if (act.length > 1) throw new Error(`${name}: unsupported fused_ops ${fused.join(',')}`);
        const convOut = act.length ? fresh(`${name}_conv`) : name;
        emit('Conv', convIn, [convOut], attrs, name);
        if (act.length) activation(act[0], convOut, name, node, ins[extra]);
        vals.set(name, { name, layout: 'NCHW', rank: 4 });
        break;
      }
      case 'Conv2DBackpropInput': {
        const outShape = Array.from(mustConst(ins[0], `${name} output_shape`).data);
        const f = mustConst(ins[1], `${name} filter`); // [kh,kw,out,in]
        const x = asNCHW(valOf(ins[2]));
        const w = transposeData(Float32Array.from(f.data), f.shape, [3, 2, 0, 1]); // -> [in,out,kh,kw]
        const strides = attrList(node.attr?.strides);
        const pad = attrStr(node.attr?.padding);
        const attrs: OnnxAttr[] = [
          attrInts('kernel_shape', [f.shape[0], f.shape[1]]),
          attrInts('strides', [strides[1], strides[2]]),
          attrInts('output_shape', [outShape[1], outShape[2]]),
        ];
        if (pad !== 'SAME' && pad !== 'VALID') throw new Error(`${name}: padding ${pad}`);
        if (pad === 'SAME') attrs.push(attrString('auto_pad', 'SAME_UPPER'));
        emit('ConvTranspose', [x, addInit(floatTensor(fresh(`${name}_W`), w.shape, w.data))], [name], attrs, name);
        vals.set(name, { name, layout: 'NCHW', rank: 4 });
        break;
      }
      case 'AddV2':
      case 'Add':
      case 'Sub':
      case 'Mul': {
        const op = node.op === 'Mul' ? 'Mul' : node.op === 'Sub' ? 'Sub' : 'Add';
        const [ca, cb] = [constOf(ins[0]), constOf(ins[1])];
        if (ca && cb) throw new Error(`${name}: const-const binary op not supported`);
        if (ca || cb) {
          const c = (ca ?? cb)!;
          const v = valOf(ca ? ins[1] : ins[0]);
          let t: OnnxTensor;
          if (v.layout === 'NCHW' && c.shape.length === 1 && c.data.length > 1)
            t = floatTensor(fresh(`${name}_c`), [c.data.length, 1, 1], Float32Array.from(c.data));
          else if (v.layout === 'NCHW' && c.shape.length === 4) {
            const tr = transposeData(Float32Array.from(c.data), c.shape, NHWC_TO_NCHW);
            t = floatTensor(fresh(`${name}_c`), tr.shape, tr.data);
          } else if (v.layout === 'NCHW' && c.shape.length > 1 && c.data.length > 1)
            throw new Error(`${name}: broadcast of rank-${c.shape.length} const onto NCHW`);
          else t = floatTensor(fresh(`${name}_c`), c.shape, Float32Array.from(c.data));
          const cn = addInit(t);
          emit(op, ca ? [cn, v.name] : [v.name, cn], [name], [], name);
          vals.set(name, { name, layout: v.layout, rank: v.rank });
        } else {
          const a = valOf(ins[0]);
          const b = valOf(ins[1]);
          if (a.layout === b.layout) {
            emit(op, [a.name, b.name], [name], [], name);
            vals.set(name, { name, layout: a.layout, rank: a.rank });
          } else {
            emit(op, [asNHWC(a), asNHWC(b)], [name], [], name);
            vals.set(name, { name, layout: 'plain', rank: a.rank });
          }
        }
        break;
      }
      case 'AddN': {
        const vs = ins.map(valOf);
        const same = vs.every((v) => v.layout === vs[0].layout);
        emit(
          'Sum',
          vs.map((v) => (same ? v.name : asNHWC(v))),
          [name],
          [],
          name,
        );
        vals.set(name, { name, layout: same ? vs[0].layout : 'plain', rank: vs[0].rank });
        break;
      }
      case 'Relu':
      case 'Relu6':
      case 'Sigmoid':
      case 'Tanh':
      case 'LeakyRelu':
      case 'Prelu': {
        const v = valOf(ins[0]);
        if (node.op === 'Prelu' && v.layout !== 'NCHW') throw new Error(`${name}: Prelu on non-NCHW tensor`);
        activation(node.op, v.name, name, node, ins[1]);
        vals.set(name, { name, layout: v.layout, rank: v.rank });
        break;
      }
      case 'MaxPool':
      case 'AvgPool': {
        const x = asNCHW(valOf(ins[0]));
        const k = attrList(node.attr?.ksize);
        const attrs = spatialAttrs(node, [k[1], k[2]]).filter((a) => a.name !== 'dilations');
        emit(node.op === 'MaxPool' ? 'MaxPool' : 'AveragePool', [x], [name], attrs, name);
        vals.set(name, { name, layout: 'NCHW', rank: 4 });
        break;
      }
      case 'Pad':
      case 'PadV2': {
        const v = valOf(ins[0]);
        const p = Array.from(mustConst(ins[1], `${name} paddings`).data); // [rank,2] in TF axis order
        const rank = p.length / 2;
        let before = Array.from({ length: rank }, (_, k) => p[2 * k]);
        let after = Array.from({ length: rank }, (_, k) => p[2 * k + 1]);
        if (v.layout === 'NCHW') {
          before = NHWC_TO_NCHW.map((a) => before[a]);
          after = NHWC_TO_NCHW.map((a) => after[a]);
        }
        const pIn = [v.name, i64(`${name}_pads`, [...before, ...after])];
        if (node.op === 'PadV2') {
          const cv = mustConst(ins[2], 'pad value');
          pIn.push(f32scalar('padv', cv.data[0]));
        }
        emit('Pad', pIn, [name], [attrString('mode', 'constant')], name);
        vals.set(name, { name, layout: v.layout, rank: v.rank });
        break;
      }
      case 'Reshape': {
        const v = valOf(ins[0]);
        const shape = Array.from(mustConst(ins[1], `${name} shape`).data);
        emit('Reshape', [asNHWC(v), i64(`${name}_shape`, shape)], [name], [], name);
        vals.set(name, { name, layout: 'plain', rank: shape.length });
        break;
      }
      case 'ConcatV2': {
        const axisIn = ins[ins.length - 1];
        let axis = mustConst(axisIn, `${name} axis`).data[0];
        const vs = ins.slice(0, -1).map(valOf);
        const allNCHW = vs.every((v) => v.layout === 'NCHW');
        if (allNCHW) {
          if (axis < 0) axis += 4;
          axis = AXIS_NHWC_TO_NCHW[axis];
        }
        emit(
          'Concat',
          vs.map((v) => (allNCHW ? v.name : asNHWC(v))),
          [name],
          [attrInt('axis', axis)],
          name,
        );
        vals.set(name, { name, layout: allNCHW ? 'NCHW' : 'plain', rank: vs[0].rank });
        break;
      }
      case 'Mean': {
        const v = valOf(ins[0]);
        let axes = Array.from(mustConst(ins[1], `${name} axes`).data);
        const keep = node.attr?.keep_dims?.b ? 1 : 0;
        let layout: Layout = 'plain';
        let x = v.name;
        if (v.layout === 'NCHW') {
          const norm = axes.map((a) => (a < 0 ? a + 4 : a));
          const reducesC = norm.includes(3);
          const reducesHW = norm.includes(1) && norm.includes(2);
          if (keep) {
            axes = norm.map((a) => AXIS_NHWC_TO_NCHW[a]);
            layout = 'NCHW';
          } else if (reducesC || reducesHW) axes = norm.map((a) => AXIS_NHWC_TO_NCHW[a]);
          else x = asNHWC(v);
        }
        emit('ReduceMean', [x], [name], [attrInts('axes', axes), attrInt('keepdims', keep)], name);
        vals.set(name, { name, layout, rank: keep ? v.rank : (v.rank ?? 4) - axes.length });
        break;
      }
      case 'MatMul':
      case '_FusedMatMul': {
        const a = valOf(ins[0]);
        const bConst = constOf(ins[1]);
        const b = bConst
          ? addInit(floatTensor(fresh(`${name}_B`), bConst.shape, Float32Array.from(bConst.data)))
          : asNHWC(valOf(ins[1]));
        const attrs = [
          attrInt('transA', node.attr?.transpose_a?.b ? 1 : 0),
          attrInt('transB', node.attr?.transpose_b?.b ? 1 : 0),
        ];
        const fused = node.op === '_FusedMatMul' ? attrStrList(node.attr?.fused_ops) : [];
        const gIn = [asNHWC(a), b];
        if (fused[0] === 'BiasAdd') {
          const bias = mustConst(ins[2], `${name} bias`);
          gIn.push(addInit(floatTensor(fresh(`${name}_C`), [bias.data.length], Float32Array.from(bias.data))));
        } else if (fused.length) throw new Error(`${name}: unsupported fused_ops ${fused.join(',')}`);
        const act = fused.slice(1);
        const gOut = act.length ? fresh(`${name}_gemm`) : name;
        emit('Gemm', gIn, [gOut], attrs, name);
        if (act.length) activation(act[0], gOut, name, node, ins[3]);
        vals.set(name, { name, layout: 'plain', rank: 2 });
        break;
      }
      case 'ResizeBilinear': {
        const x = asNCHW(valOf(ins[0]));
        const size = Array.from(mustConst(ins[1], `${name} size`).data);
        const mode = node.attr?.align_corners?.b
          ? 'align_corners'
          : node.attr?.half_pixel_centers?.b
            ? 'half_pixel'
            : 'asymmetric';
        const shp = fresh(`${name}_shape`);
        const nc = fresh(`${name}_nc`);
        const sizes = fresh(`${name}_sizes`);
        emit('Shape', [x], [shp]);
        emit('Slice', [shp, i64('s0', [0]), i64('s2', [2])], [nc]);
        emit('Concat', [nc, i64(`${name}_hw`, size)], [sizes], [attrInt('axis', 0)]);
        emit(
          'Resize',
          [x, '', '', sizes],
          [name],
          [attrString('mode', 'linear'), attrString('coordinate_transformation_mode', mode)],
          name,
        );
        vals.set(name, { name, layout: 'NCHW', rank: 4 });
        break;
      }
      default:
        throw new Error(`unsupported TF op ${node.op} (node ${name})`);
    }
  }

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
