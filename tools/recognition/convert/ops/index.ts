/** Every TF.js op the converter handles, by name. Adding an op = adding a handler here. */
import type { OpHandler } from '../graph-builder.js';
import { convOps } from './conv.js';
import { elementwiseOps } from './elementwise.js';
import { graphIoOps } from './graph-io.js';
import { matMulOps } from './matmul.js';
import { poolPadOps } from './pool-pad.js';
import { shapeOps } from './shape.js';

export const OP_HANDLERS: Readonly<Record<string, OpHandler>> = {
  ...graphIoOps,
  ...convOps,
  ...elementwiseOps,
  ...poolPadOps,
  ...shapeOps,
  ...matMulOps,
};
