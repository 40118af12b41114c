/**
 * A recognition worker thread (run by piscina): one hand pipeline per thread with one
 * intra-op thread, since onnxruntime's session.run() blocks the thread it runs on.
 *
 * The models load when the thread starts, so a replacement thread takes tasks only once it is
 * ready. Each task tells the pool when it starts (the pool's deadline counts from there), decodes
 * the frame itself, and returns a refusal of the sender's bytes as a result (`rejected`), never as
 * an exception: whatever the pool sees thrown is the server's fault.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { DetectedHand } from '@asl/protocol';
import { type LandmarkVariant, toDetectedHand, type TrackState } from '@asl/recognition';
import { FRAME_LIMITS, ImageRejectedError } from './image-limits';
import { decodeFrame } from './landmarks/image';
import { createHandPipeline, livePipelineOptions } from './landmarks/pipeline';

export interface WorkerTask {
  /** the pool's id for this task, sent back in the `started` message */
  id: number;
  jpeg: Uint8Array;
  track: TrackState | null;
  /**
   * Shared memory, not messages (read and written with no race): [0] set to 1 by the pool when the
   * frame's socket closed while it waited, and the worker skips it; [1] set to 1 by the worker while
   * it runs the models, when the pool must not terminate the thread (onnxruntime would abort the
   * process; the pool's MODEL_RUN_GRACE_MS).
   */
  cancelled?: Int32Array;
}

export interface WorkerTimings {
  decodeMs: number;
  detectMs: number;
  landmarkMs: number;
  totalMs: number;
  detectorRuns: number;
}

export type WorkerResult =
  | {
      rejected?: undefined;
      hands: DetectedHand[];
      width: number;
      height: number;
      track: TrackState | null;
      timings: WorkerTimings;
    }
  | { rejected: 'FRAME_NOT_JPEG' | 'FRAME_BAD_DIMENSIONS'; message: string }
  | { rejected?: undefined; cancelled: true };

/** posted to the pool when a task starts running */
export interface WorkerStarted {
  started: number;
}

/** posted to the pool once the thread's models are loaded */
export interface WorkerLoaded {
  loaded: true;
}

export interface WorkerData {
  modelDir: string;
  variant?: LandmarkVariant;
  /**
   * Tests only (a pool option, never an environment variable): a frame whose bytes contain this
   * text makes the thread spin forever, as the broken wasm decoder did, so that the deadline and
   * the replacement of the worker can be shown on a real pool.
   */
  testSpinMarker?: string;
  /** Tests only, likewise: a frame carrying this text makes the thread exit (a worker dying). */
  testExitMarker?: string;
}

const { modelDir, variant, testSpinMarker, testExitMarker } = workerData as WorkerData;
const pipeline = await createHandPipeline(livePipelineOptions(modelDir, variant ?? 'full'));
// Told to the pool: terminating a thread while onnxruntime is still creating its sessions
// aborts the whole process (a native Napi::Error), so the pool's close waits for this.
parentPort?.postMessage({ loaded: true } satisfies WorkerLoaded);
const spinMarker = testSpinMarker ? Buffer.from(testSpinMarker) : null;
const exitMarker = testExitMarker ? Buffer.from(testExitMarker) : null;

export default async function recognise(task: WorkerTask): Promise<WorkerResult> {
  if (task.cancelled && Atomics.load(task.cancelled, 0) === 1) return { cancelled: true };
  parentPort?.postMessage({ started: task.id } satisfies WorkerStarted);
  const jpeg = Buffer.from(task.jpeg.buffer, task.jpeg.byteOffset, task.jpeg.byteLength);
  if (spinMarker && jpeg.includes(spinMarker)) for (;;);
  if (exitMarker && jpeg.includes(exitMarker)) process.exit(70);
  const t0 = performance.now();
  let rgb;
  try {
    rgb = await decodeFrame(jpeg, FRAME_LIMITS, true); // RGBA as decoded: the pipeline reads it in place
  } catch (err) {
    if (!(err instanceof ImageRejectedError)) throw err;
    return { rejected: err.reason === 'too-large' ? 'FRAME_BAD_DIMENSIONS' : 'FRAME_NOT_JPEG', message: err.message };
  }
  const decodeMs = performance.now() - t0;
  if (task.cancelled) Atomics.store(task.cancelled, 1, 1);
  let res;
  try {
    res = await pipeline.process({ rgb }, task.track);
  } finally {
    if (task.cancelled) Atomics.store(task.cancelled, 1, 0);
  }
  return {
    hands: res.hands.map(toDetectedHand),
    width: res.image.width,
    height: res.image.height,
    track: res.track,
    timings: {
      decodeMs,
      detectMs: res.timings.detectMs,
      landmarkMs: res.timings.landmarkMs,
      totalMs: performance.now() - t0,
      detectorRuns: res.timings.detectorRuns,
    },
  };
}
