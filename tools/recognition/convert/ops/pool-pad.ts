/** Pooling and padding. */
import { attrString } from '../onnx-proto.js';
import { attrList } from '../tfjs-graph.js';
import { NHWC_TO_NCHW, type OpHandler } from '../graph-builder.js';

const pool: OpHandler = (g, node, ins) => {
  const x = g.asNCHW(g.valOf(ins[0]));
  const k = attrList(node.attr?.ksize);
  const attrs = g.spatialAttrs(node, [k[1], k[2]]).filter((a) => a.name !== 'dilations');
  g.emit(node.op === 'MaxPool' ? 'MaxPool' : 'AveragePool', [x], [node.name], attrs, node.name);
  g.set(node.name, 'NCHW', 4);
};

const pad: OpHandler = (g, node, ins) => {
  const name = node.name;
  const v = g.valOf(ins[0]);
  const p = Array.from(g.mustConst(ins[1], `${name} paddings`).data); // [rank,2] in TF axis order
  const rank = p.length / 2;
  let before = Array.from({ length: rank }, (_, k) => p[2 * k]);
  let after = Array.from({ length: rank }, (_, k) => p[2 * k + 1]);
  if (v.layout === 'NCHW') {
    before = NHWC_TO_NCHW.map((a) => before[a]);
    after = NHWC_TO_NCHW.map((a) => after[a]);
  }
  const pIn = [v.name, g.i64(`${name}_pads`, [...before, ...after])];
  if (node.op === 'PadV2') {
    const cv = g.mustConst(ins[2], 'pad value');
    pIn.push(g.f32scalar('padv', cv.data[0]));
  }
  g.emit('Pad', pIn, [name], [attrString('mode', 'constant')], name);
  g.set(name, v.layout, v.rank);
};

export const poolPadOps: Record<string, OpHandler> = { MaxPool: pool, AvgPool: pool, Pad: pad, PadV2: pad };
