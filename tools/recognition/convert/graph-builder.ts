/**
 * The state of one TF.js -> ONNX conversion and the helpers every op handler uses: fresh names,
 * initializers, node emission, constant look-up, and the NHWC/NCHW layout bookkeeping.
 *
 * Layout strategy: the ONNX model keeps the TF.js input/output contract (NHWC input, same output
 * names and shapes). Internally every 4-D activation produced by a spatial op is kept in NCHW; a
 * tensor is transposed back to NHWC only where an op needs TF semantics (Reshape, MatMul, graph
 * outputs, ...). Constants are re-laid out at conversion time.
 */
import { attrList, attrStr, type TfNode, type Weight } from './tfjs-graph.js';
import {
  attrFloat,
  attrInts,
  attrString,
  floatTensor,
  int64Tensor,
  type OnnxAttr,
  type OnnxNode,
  type OnnxTensor,
  type OnnxValueInfo,
} from './onnx-proto.js';

export type Layout = 'NCHW' | 'plain';
export interface Val {
  name: string;
  layout: Layout;
  rank?: number;
}

export const NHWC_TO_NCHW = [0, 3, 1, 2];
export const NCHW_TO_NHWC = [0, 2, 3, 1];
export const AXIS_NHWC_TO_NCHW = [0, 2, 3, 1]; // nhwc axis a -> nchw axis

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

export const baseName = (input: string): string => input.replace(/^\^/, '').replace(/:0$/, '');

/** Builds the ONNX graph node by node; op handlers (ops/) call these helpers. */
export class GraphBuilder {
  readonly nodes: OnnxNode[] = [];
  readonly inits: OnnxTensor[] = [];
  readonly inputs: OnnxValueInfo[] = [];
  readonly vals = new Map<string, Val>();
  private readonly initNames = new Set<string>();
  private readonly nhwcCache = new Map<string, string>();
  private readonly nchwCache = new Map<string, string>();
  private uid = 0;

  constructor(private readonly weights: Map<string, Weight>) {}

  fresh(hint: string): string {
    return `${hint}__${this.uid++}`;
  }

  addInit(t: OnnxTensor): string {
    if (!this.initNames.has(t.name)) {
      this.inits.push(t);
      this.initNames.add(t.name);
    }
    return t.name;
  }

  emit(op_type: string, input: string[], output: string[], attribute: OnnxAttr[] = [], name?: string): void {
    this.nodes.push({ op_type, input, output, attribute, name: name ?? this.fresh(op_type) });
  }

  /** Records the value a node produced. */
  set(name: string, layout: Layout, rank: number | undefined): void {
    this.vals.set(name, { name, layout, rank });
  }

  constOf(input: string): Weight | undefined {
    return this.weights.get(baseName(input));
  }

  mustConst(input: string, what: string): Weight {
    const w = this.constOf(input);
    if (!w) throw new Error(`${what}: expected a constant input, got ${input}`);
    return w;
  }

  valOf(input: string): Val {
    const n = baseName(input);
    const v = this.vals.get(n);
    if (v) return v;
    const w = this.weights.get(n);
    if (w) {
      // constant used as an activation: plain layout
      const t =
        w.dtype === 'float32'
          ? floatTensor(n, w.shape, w.data as Float32Array)
          : int64Tensor(n, w.shape, Array.from(w.data));
      this.addInit(t);
      const cv: Val = { name: n, layout: 'plain', rank: w.shape.length };
      this.vals.set(n, cv);
      return cv;
    }
    throw new Error(`unknown tensor ${input}`);
  }

  asNHWC(v: Val): string {
    return this.relayout(v, 'plain', this.nhwcCache, '_nhwc', NCHW_TO_NHWC);
  }

  asNCHW(v: Val): string {
    return this.relayout(v, 'NCHW', this.nchwCache, '_nchw', NHWC_TO_NCHW);
  }

  private relayout(v: Val, want: Layout, cache: Map<string, string>, suffix: string, perm: number[]): string {
    if (v.layout === want) return v.name;
    let n = cache.get(v.name);
    if (!n) {
      n = this.fresh(`${v.name}${suffix}`);
      this.emit('Transpose', [v.name], [n], [attrInts('perm', perm)]);
      cache.set(v.name, n);
    }
    return n;
  }

  i64(hint: string, data: number[]): string {
    return this.addInit(int64Tensor(this.fresh(hint), [data.length], data));
  }

  f32scalar(hint: string, v: number): string {
    return this.addInit(floatTensor(this.fresh(hint), [], new Float32Array([v])));
  }

  /** a float constant input copied into an initializer (optionally with another shape) */
  floatInit(hint: string, w: Weight, shape: number[] = w.shape): string {
    return this.addInit(floatTensor(this.fresh(hint), shape, Float32Array.from(w.data)));
  }

  /** activation after a fused op or standalone */
  activation(kind: string, x: string, out: string, node: TfNode, alphaInput?: string): void {
    switch (kind) {
      case 'Relu':
      case 'Sigmoid':
      case 'Tanh':
      case 'Elu':
        this.emit(kind, [x], [out]);
        break;
      case 'Relu6':
        this.emit('Clip', [x, this.f32scalar('zero', 0), this.f32scalar('six', 6)], [out]);
        break;
      case 'LeakyRelu':
        this.emit(
          'LeakyRelu',
          [x],
          [out],
          [attrFloat('alpha', node.attr?.leakyrelu_alpha?.f ?? node.attr?.alpha?.f ?? 0.2)],
        );
        break;
      case 'Prelu': {
        if (!alphaInput) throw new Error(`${node.name}: Prelu without alpha`);
        const a = this.mustConst(alphaInput, 'Prelu alpha');
        this.emit('PRelu', [x, this.floatInit('prelu_alpha', a, [a.data.length, 1, 1])], [out]);
        break;
      }
      default:
        throw new Error(`${node.name}: unsupported fused activation ${kind}`);
    }
  }

  /** kernel, strides, dilations and padding of a spatial op (NHWC only) */
  spatialAttrs(node: TfNode, kernel: number[]): OnnxAttr[] {
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
  }
}

/** Converts one TF.js node; `ins` are its data inputs (control inputs `^x` removed). */
export type OpHandler = (g: GraphBuilder, node: TfNode, ins: string[]) => void;
