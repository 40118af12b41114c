/**
 * The hand pipeline's PipelineRuntime on onnxruntime-web. The ort module and the model bytes are
 * injected, so the same code runs in the browser (wasm build, models fetched from /models/...)
 * and in Node's unit tests (onnxruntime-web's Node build, models read from .cache/models).
 * Mirrors apps/server/src/recognition/landmarks/pipeline.ts (the onnxruntime-node binding).
 */
import {
  createHandPipelineWith,
  type HandPipeline,
  LIVE_PIPELINE_OPTIONS,
  type ModelName,
  type ModelRunner,
  type PipelineOptions,
  type PipelineRuntime,
  sessionRunner,
} from '@asl/recognition';
import type * as Ort from 'onnxruntime-web';

// The live-frame options and the wire shape, shared with the server's recognition workers.
export { LIVE_PIPELINE_OPTIONS, toDetectedHand } from '@asl/recognition';

/** The part of onnxruntime-web the runtime uses (the wasm and Node builds both have it). */
export type OrtModule = Pick<typeof Ort, 'InferenceSession' | 'Tensor'>;

export async function loadOrtModel(ort: OrtModule, bytes: Uint8Array): Promise<ModelRunner> {
  const session = await ort.InferenceSession.create(bytes, {
    executionProviders: ['wasm'],
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  return sessionRunner(session, ort.Tensor);
}

export function createOrtRuntime(
  ort: OrtModule,
  fetchModel: (name: ModelName) => Promise<Uint8Array>,
): PipelineRuntime {
  return { loadModel: async (name) => loadOrtModel(ort, await fetchModel(name)) };
}

export function createOrtHandPipeline(
  ort: OrtModule,
  fetchModel: (name: ModelName) => Promise<Uint8Array>,
  opts: PipelineOptions = LIVE_PIPELINE_OPTIONS,
): Promise<HandPipeline> {
  return createHandPipelineWith(createOrtRuntime(ort, fetchModel), opts);
}
