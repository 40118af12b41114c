/**
 * The hand pipeline on onnxruntime-node. session.run() is synchronous native work: run one
 * pipeline per worker thread (intraOpThreads: 1) to use several cores.
 */
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import {
  createHandPipelineWith,
  type HandPipeline,
  type LandmarkVariant,
  LIVE_PIPELINE_OPTIONS,
  type ModelName,
  type ModelRunner,
  type PipelineOptions as CoreOptions,
  sessionRunner,
} from '@asl/recognition';
import { decodeFrame } from './image.js';

export interface PipelineOptions extends CoreOptions {
  /** folder with handdetect.onnx, handlandmark-full.onnx, handlandmark-lite.onnx (see ensureModels) */
  modelDir: string;
  intraOpThreads?: number;
}

async function loadOnnxModel(file: string, intraOpThreads: number): Promise<ModelRunner> {
  const session = await ort.InferenceSession.create(file, {
    intraOpNumThreads: intraOpThreads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  return sessionRunner(session, ort.Tensor);
}

/**
 * A recognition worker's options for live webcam frames: the shared live options (the browser's
 * on-device recogniser uses the same), the served landmark variant, and one intra-op thread
 * (onnxruntime's session.run() blocks the worker thread it runs on).
 */
export function livePipelineOptions(modelDir: string, variant: LandmarkVariant = 'full'): PipelineOptions {
  return { ...LIVE_PIPELINE_OPTIONS, modelDir, variant, intraOpThreads: 1 };
}

export function createHandPipeline(opts: PipelineOptions): Promise<HandPipeline> {
  const { modelDir, intraOpThreads = 1, ...core } = opts;
  return createHandPipelineWith(
    {
      loadModel: (name: ModelName) => loadOnnxModel(path.join(modelDir, `${name}.onnx`), intraOpThreads),
      decode: decodeFrame,
    },
    core,
  );
}

export type { HandPipeline } from '@asl/recognition';
