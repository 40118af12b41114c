import type { ModelRunner } from './hand-pipeline.js';

/** The part of an onnxruntime session the pipeline uses (onnxruntime-node and -web share it). */
export interface OrtSessionLike {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, { data: unknown }>>;
  release(): Promise<void>;
}
/** onnxruntime's Tensor constructor, float32 form. */
export type OrtTensorCtor = new (type: 'float32', data: Float32Array, dims: readonly number[]) => unknown;

/** Wraps a loaded onnxruntime session (node or web) as the pipeline's ModelRunner. */
export function sessionRunner(session: OrtSessionLike, Tensor: OrtTensorCtor): ModelRunner {
  const inputName = session.inputNames[0]!;
  return {
    outputNames: session.outputNames,
    async run(input, dims) {
      const out = await session.run({ [inputName]: new Tensor('float32', input, dims) });
      const result: Record<string, Float32Array> = {};
      for (const name of session.outputNames) result[name] = out[name]!.data as Float32Array;
      return result;
    },
    release: () => session.release(),
  };
}
