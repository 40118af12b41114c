/** Graph plumbing: constants, inputs and identities. */
import { DataType } from '../onnx-proto.js';
import type { OpHandler } from '../graph-builder.js';

export const graphIoOps: Record<string, OpHandler> = {
  // materialised lazily where used
  Const: () => {},
  Placeholder: (g, node) => {
    const dims =
      (node.attr?.shape as { shape?: { dim?: Array<{ size: string }> } } | undefined)?.shape?.dim?.map((d) =>
        Number(d.size),
      ) ?? [];
    g.inputs.push({
      name: node.name,
      type: {
        tensor_type: {
          elem_type: DataType.FLOAT,
          shape: { dim: dims.map((d, k) => (d > 0 ? { dim_value: d } : { dim_param: `d${k}` })) },
        },
      },
    });
    g.set(node.name, 'plain', dims.length);
  },
  Identity: (g, node, ins) => {
    const v = g.valOf(ins[0]);
    g.emit('Identity', [v.name], [node.name]);
    g.set(node.name, v.layout, v.rank);
  },
};
