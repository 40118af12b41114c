/** Matrix multiplication (plain or fused with bias and activation) as Gemm. */
import { attrInt } from '../onnx-proto.js';
import { attrStrList } from '../tfjs-graph.js';
import type { OpHandler } from '../graph-builder.js';

const matMul: OpHandler = (g, node, ins) => {
  const name = node.name;
  const a = g.valOf(ins[0]);
  const bConst = g.constOf(ins[1]);
  const b = bConst ? g.floatInit(`${name}_B`, bConst) : g.asNHWC(g.valOf(ins[1]));
  const attrs = [
    attrInt('transA', node.attr?.transpose_a?.b ? 1 : 0),
    attrInt('transB', node.attr?.transpose_b?.b ? 1 : 0),
  ];
  const fused = node.op === '_FusedMatMul' ? attrStrList(node.attr?.fused_ops) : [];
  const gIn = [g.asNHWC(a), b];
  if (fused[0] === 'BiasAdd') {
    const bias = g.mustConst(ins[2], `${name} bias`);
    gIn.push(g.floatInit(`${name}_C`, bias, [bias.data.length]));
  } else if (fused.length) throw new Error(`${name}: unsupported fused_ops ${fused.join(',')}`);
  const act = fused.slice(1);
  const gOut = act.length ? g.fresh(`${name}_gemm`) : name;
  g.emit('Gemm', gIn, [gOut], attrs, name);
  if (act.length) g.activation(act[0], gOut, name, node, ins[3]);
  g.set(name, 'plain', 2);
};

export const matMulOps: Record<string, OpHandler> = { MatMul: matMul, _FusedMatMul: matMul };
