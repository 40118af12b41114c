import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Piscina from 'piscina';
import type { LandmarkVariant } from '@asl/recognition';
import type { FrameProcessor, FrameResult } from '../live/frame-processor';
import type { WorkerResult, WorkerTask } from './worker';

/** The model files a pool with this landmark variant loads. */
export const modelFiles = (variant: LandmarkVariant = 'full'): string[] => [
  'handdetect.onnx',
  `handlandmark-${variant}.onnx`,
];

export function modelsPresent(modelDir: string, variant: LandmarkVariant = 'full'): boolean {
  return modelFiles(variant).every((f) => existsSync(join(modelDir, f)));
}

/** The worker entry: the bundled file next to the server, or the TypeScript source through tsx. */
function workerFilename(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundled = join(here, 'recognition-worker.js');
  if (existsSync(bundled)) return pathToFileURL(bundled).href;
  return pathToFileURL(join(here, 'worker-entry.mjs')).href;
}

export interface PoolOptions {
  modelDir: string;
  workers?: number | undefined;
  variant?: LandmarkVariant;
}

export interface RecognitionPool extends FrameProcessor {
  readonly threads: number;
  queueSize(): number;
}

/**
 * Runs the hand pipeline in a pool of worker threads sized to the cores. The live socket
 * keeps at most one frame per connection in flight, so the queue stays bounded by the
 * number of connections.
 */
export function createRecognitionPool(opts: PoolOptions): RecognitionPool {
  const threads = Math.max(1, opts.workers ?? availableParallelism());
  const pool = new Piscina({
    filename: workerFilename(),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    workerData: { modelDir: opts.modelDir, variant: opts.variant ?? 'full' },
  });
  return {
    threads,
    queueSize: () => pool.queueSize,
    async process(jpeg, track): Promise<FrameResult> {
      const task: WorkerTask = { jpeg, track: (track as WorkerTask['track']) ?? null };
      const r = (await pool.run(task)) as WorkerResult;
      return { hands: r.hands, width: r.width, height: r.height, track: r.track, prediction: null, timings: r.timings };
    },
    async close() {
      await pool.destroy();
    },
  };
}
