/**
 * Activation ranges for static quantization: run the float model (every quantized tensor exposed
 * as an output) over real hand crops and keep each tensor's min and max. The runtime is passed in
 * so the module has one job and no onnxruntime dependency of its own.
 */
import type { OnnxModel } from './onnx-proto.js';
import { calibrationModel, quantizedTensors, type TensorRange } from './quantize.js';

/** Runs a model (as ONNX bytes) on one NHWC float input; returns the named outputs. */
export type RunModel = (input: Float32Array) => Promise<Record<string, Float32Array>>;

export interface CalibrationFile {
  /** the TF.js source and the hash stamped on the float ONNX it was measured on */
  model: string;
  floatHash: string;
  method: 'min-max';
  crops: number;
  photos: string;
  ranges: Record<string, [number, number]>;
}

/** The calibration model for `model` and the tensors whose ranges it reports. */
export function calibrationPlan(model: OnnxModel): { model: OnnxModel; tensors: string[] } {
  const tensors = quantizedTensors(model);
  return { model: calibrationModel(model, tensors), tensors };
}

export async function collectRanges(
  run: RunModel,
  tensors: string[],
  crops: Iterable<Float32Array> | AsyncIterable<Float32Array>,
): Promise<Map<string, TensorRange>> {
  const ranges = new Map<string, TensorRange>();
  for await (const crop of crops) {
    const out = await run(crop);
    for (const t of tensors) {
      const d = out[t];
      if (!d) throw new Error(`calibration run did not return ${t}`);
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < d.length; i++) {
        const v = d[i];
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      const r = ranges.get(t);
      ranges.set(t, r ? { min: Math.min(r.min, lo), max: Math.max(r.max, hi) } : { min: lo, max: hi });
    }
  }
  return ranges;
}

export const rangesToJson = (r: Map<string, TensorRange>): Record<string, [number, number]> =>
  Object.fromEntries([...r].map(([k, v]) => [k, [v.min, v.max]]));
export const rangesFromJson = (r: Record<string, [number, number]>): Map<string, TensorRange> =>
  new Map(Object.entries(r).map(([k, [min, max]]) => [k, { min, max }]));
