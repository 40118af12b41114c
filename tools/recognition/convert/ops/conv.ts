/** Convolutions (plain, depthwise, fused with bias and activation) and transposed convolution. */
import { attrInt, attrInts, attrString, floatTensor, type OnnxAttr } from '../onnx-proto.js';
import { attrList, attrStr, attrStrList } from '../tfjs-graph.js';
import { transposeData, type OpHandler } from '../graph-builder.js';

const conv: OpHandler = (g, node, ins) => {
  const name = node.name;
  const x = g.asNCHW(g.valOf(ins[0]));
  const f = g.mustConst(ins[1], `${name} filter`);
  const [kh, kw, cin, m] = f.shape;
  const depthwise = node.op.includes('Depthwise');
  const attrs = g.spatialAttrs(node, [kh, kw]);
  let w: { data: Float32Array; shape: number[] };
  if (depthwise) {
    // [kh,kw,C,M] -> [C*M,1,kh,kw]
    const t = transposeData(Float32Array.from(f.data), f.shape, [2, 3, 0, 1]);
    w = { data: t.data, shape: [cin * m, 1, kh, kw] };
    attrs.push(attrInt('group', cin));
  } else {
    w = transposeData(Float32Array.from(f.data), f.shape, [3, 2, 0, 1]); // -> [O,I,kh,kw]
  }
  const convIn = [x, g.addInit(floatTensor(g.fresh(`${name}_W`), w.shape, w.data))];
  const fused = node.op.startsWith('_Fused') || node.op.startsWith('Fused') ? attrStrList(node.attr?.fused_ops) : [];
  let extra = 2;
  if (fused[0] === 'BiasAdd') {
    const b = g.mustConst(ins[2], `${name} bias`);
    convIn.push(g.floatInit(`${name}_B`, b, [b.data.length]));
    extra = 3;
  } else if (fused.length) throw new Error(`${name}: unsupported fused_ops ${fused.join(',')}`);
  const act = fused.slice(1);
  if (act.length > 1) throw new Error(`${name}: unsupported fused_ops ${fused.join(',')}`);
  const convOut = act.length ? g.fresh(`${name}_conv`) : name;
  g.emit('Conv', convIn, [convOut], attrs, name);
  if (act.length) g.activation(act[0], convOut, name, node, ins[extra]);
  g.set(name, 'NCHW', 4);
};

const convTranspose: OpHandler = (g, node, ins) => {
  const name = node.name;
  const outShape = Array.from(g.mustConst(ins[0], `${name} output_shape`).data);
  const f = g.mustConst(ins[1], `${name} filter`); // [kh,kw,out,in]
  const x = g.asNCHW(g.valOf(ins[2]));
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
  g.emit('ConvTranspose', [x, g.addInit(floatTensor(g.fresh(`${name}_W`), w.shape, w.data))], [name], attrs, name);
  g.set(name, 'NCHW', 4);
};

export const convOps: Record<string, OpHandler> = {
  Conv2D: conv,
  _FusedConv2D: conv,
  DepthwiseConv2dNative: conv,
  FusedDepthwiseConv2dNative: conv,
  Conv2DBackpropInput: convTranspose,
};
