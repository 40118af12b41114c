/** Element-wise ops: binary arithmetic with broadcasting constants, sums, activations. */
import { floatTensor, type OnnxTensor } from '../onnx-proto.js';
import { NHWC_TO_NCHW, transposeData, type OpHandler } from '../graph-builder.js';

const binary: OpHandler = (g, node, ins) => {
  const name = node.name;
  const op = node.op === 'Mul' ? 'Mul' : node.op === 'Sub' ? 'Sub' : 'Add';
  const [ca, cb] = [g.constOf(ins[0]), g.constOf(ins[1])];
  if (ca && cb) throw new Error(`${name}: const-const binary op not supported`);
  if (ca || cb) {
    const c = (ca ?? cb)!;
    const v = g.valOf(ca ? ins[1] : ins[0]);
    let t: OnnxTensor;
    if (v.layout === 'NCHW' && c.shape.length === 1 && c.data.length > 1)
      t = floatTensor(g.fresh(`${name}_c`), [c.data.length, 1, 1], Float32Array.from(c.data));
    else if (v.layout === 'NCHW' && c.shape.length === 4) {
      const tr = transposeData(Float32Array.from(c.data), c.shape, NHWC_TO_NCHW);
      t = floatTensor(g.fresh(`${name}_c`), tr.shape, tr.data);
    } else if (v.layout === 'NCHW' && c.shape.length > 1 && c.data.length > 1)
      throw new Error(`${name}: broadcast of rank-${c.shape.length} const onto NCHW`);
    else t = floatTensor(g.fresh(`${name}_c`), c.shape, Float32Array.from(c.data));
    const cn = g.addInit(t);
    g.emit(op, ca ? [cn, v.name] : [v.name, cn], [name], [], name);
    g.set(name, v.layout, v.rank);
    return;
  }
  const a = g.valOf(ins[0]);
  const b = g.valOf(ins[1]);
  if (a.layout === b.layout) {
    g.emit(op, [a.name, b.name], [name], [], name);
    g.set(name, a.layout, a.rank);
  } else {
    g.emit(op, [g.asNHWC(a), g.asNHWC(b)], [name], [], name);
    g.set(name, 'plain', a.rank);
  }
};

const addN: OpHandler = (g, node, ins) => {
  const vs = ins.map((i) => g.valOf(i));
  const same = vs.every((v) => v.layout === vs[0].layout);
  g.emit(
    'Sum',
    vs.map((v) => (same ? v.name : g.asNHWC(v))),
    [node.name],
    [],
    node.name,
  );
  g.set(node.name, same ? vs[0].layout : 'plain', vs[0].rank);
};

const activation: OpHandler = (g, node, ins) => {
  const v = g.valOf(ins[0]);
  if (node.op === 'Prelu' && v.layout !== 'NCHW') throw new Error(`${node.name}: Prelu on non-NCHW tensor`);
  g.activation(node.op, v.name, node.name, node, ins[1]);
  g.set(node.name, v.layout, v.rank);
};

export const elementwiseOps: Record<string, OpHandler> = {
  AddV2: binary,
  Add: binary,
  Sub: binary,
  Mul: binary,
  AddN: addN,
  Relu: activation,
  Relu6: activation,
  Sigmoid: activation,
  Tanh: activation,
  LeakyRelu: activation,
  Prelu: activation,
};
