/**
 * The hand pipeline's PipelineRuntime on onnxruntime-web. The ort module and the model bytes are
 * injected, so the same code runs in the browser (wasm build, models fetched from /models/...)
 * and in Node's unit tests (onnxruntime-web's Node build, models read from .cache/models).
 * Mirrors apps/server/src/recognition/landmarks/pipeline.ts (the onnxruntime-node binding).
 */
import {
  createHandPipelineWith,
  type HandPipeline,
  type ModelName,
  type ModelRunner,
  type PipelineOptions,
  type PipelineRuntime,
  sessionRunner,
} from '@asl/recognition';
import type * as Ort from 'onnxruntime-web';

/** The part of onnxruntime-web the runtime uses (the wasm and Node builds both have it). */
export type OrtModule = Pick<typeof Ort, 'InferenceSession' | 'Tensor'>;

/** The options the server uses for live webcam frames (apps/server/src/recognition/worker.ts). */
export const LIVE_PIPELINE_OPTIONS: PipelineOptions = {
  variant: 'full',
  maxHands: 1,
  // A webcam frame is mirrored for the learner but the pipeline sees it unmirrored.
  handedness: 'unmirrored',
  detectAttempts: [{ pad: 1 }, { pad: 2 }],
};

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

/** RGBA pixels (canvas ImageData) to the packed RGB the pipeline takes. */
export function rgbaToRgb(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const n = width * height;
  const out = new Uint8Array(n * 3);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const k = i * 4;
    out[j] = rgba[k]!;
    out[j + 1] = rgba[k + 1]!;
    out[j + 2] = rgba[k + 2]!;
  }
  return out;
}

const r1 = (x: number) => Math.round(x * 10) / 10;

/** A pipeline hand in the wire shape the server sends (rounded like its worker does). */
export function toDetectedHand(h: {
  landmarks: [number, number, number][];
  handedness: 'left' | 'right';
  score: number;
}) {
  return {
    landmarks: h.landmarks.map(([x, y, z]) => [r1(x), r1(y), r1(z)] as [number, number, number]),
    handedness: h.handedness,
    score: Math.round(h.score * 1000) / 1000,
  };
}
