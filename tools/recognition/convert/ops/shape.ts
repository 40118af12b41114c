/** Shape ops: reshape, concatenation, mean reduction, bilinear resize. */
import { attrInt, attrInts, attrString } from '../onnx-proto.js';
import { AXIS_NHWC_TO_NCHW, type Layout, type OpHandler } from '../graph-builder.js';

const reshape: OpHandler = (g, node, ins) => {
  const v = g.valOf(ins[0]);
  const shape = Array.from(g.mustConst(ins[1], `${node.name} shape`).data);
  g.emit('Reshape', [g.asNHWC(v), g.i64(`${node.name}_shape`, shape)], [node.name], [], node.name);
  g.set(node.name, 'plain', shape.length);
};

const concat: OpHandler = (g, node, ins) => {
  const axisIn = ins[ins.length - 1];
  let axis = g.mustConst(axisIn, `${node.name} axis`).data[0];
  const vs = ins.slice(0, -1).map((i) => g.valOf(i));
  const allNCHW = vs.every((v) => v.layout === 'NCHW');
  if (allNCHW) {
    if (axis < 0) axis += 4;
    axis = AXIS_NHWC_TO_NCHW[axis];
  }
  g.emit(
    'Concat',
    vs.map((v) => (allNCHW ? v.name : g.asNHWC(v))),
    [node.name],
    [attrInt('axis', axis)],
    node.name,
  );
  g.set(node.name, allNCHW ? 'NCHW' : 'plain', vs[0].rank);
};

const mean: OpHandler = (g, node, ins) => {
  const v = g.valOf(ins[0]);
  let axes = Array.from(g.mustConst(ins[1], `${node.name} axes`).data);
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
    else x = g.asNHWC(v);
  }
  g.emit('ReduceMean', [x], [node.name], [attrInts('axes', axes), attrInt('keepdims', keep)], node.name);
  g.set(node.name, layout, keep ? v.rank : (v.rank ?? 4) - axes.length);
};

const resizeBilinear: OpHandler = (g, node, ins) => {
  const name = node.name;
  const x = g.asNCHW(g.valOf(ins[0]));
  const size = Array.from(g.mustConst(ins[1], `${name} size`).data);
  const mode = node.attr?.align_corners?.b
    ? 'align_corners'
    : node.attr?.half_pixel_centers?.b
      ? 'half_pixel'
      : 'asymmetric';
  const shp = g.fresh(`${name}_shape`);
  const nc = g.fresh(`${name}_nc`);
  const sizes = g.fresh(`${name}_sizes`);
  g.emit('Shape', [x], [shp]);
  g.emit('Slice', [shp, g.i64('s0', [0]), g.i64('s2', [2])], [nc]);
  g.emit('Concat', [nc, g.i64(`${name}_hw`, size)], [sizes], [attrInt('axis', 0)]);
  g.emit(
    'Resize',
    [x, '', '', sizes],
    [name],
    [attrString('mode', 'linear'), attrString('coordinate_transformation_mode', mode)],
    name,
  );
  g.set(name, 'NCHW', 4);
};

export const shapeOps: Record<string, OpHandler> = {
  Reshape: reshape,
  ConcatV2: concat,
  Mean: mean,
  ResizeBilinear: resizeBilinear,
};
