import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Piscina from 'piscina';
import type { LandmarkVariant } from '@asl/recognition';
import type { RecognitionHealth } from '@asl/protocol';
import { FrameCancelled, FrameRejected, RecognitionFailure } from './frame-errors';
import type { FrameProcessor, FrameResult } from './frame-processor';
import type { WorkerData, WorkerLoaded, WorkerResult, WorkerStarted, WorkerTask } from './worker';

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

/** Default per-task deadline: a 320x240 frame takes about 10-30 ms, a 1920-pixel one well under 200. */
export const DEFAULT_TASK_TIMEOUT_MS = 3000;
/** A replaced worker keeps the pool `degraded` in /ready for this long. */
export const DEGRADED_WINDOW_MS = 5 * 60_000;
/** More failures than this per worker within a minute: the pool is `down`. */
const DOWN_FAILURES_PER_WORKER_PER_MIN = 3;

export interface PoolOptions {
  modelDir: string;
  workers?: number | undefined;
  variant?: LandmarkVariant;
  /** RECOGNITION_TASK_TIMEOUT_MS: a task running longer is abandoned and its worker replaced */
  taskTimeoutMs?: number | undefined;
  /** tests only: see WorkerData.testSpinMarker and testExitMarker */
  testSpinMarker?: string;
  testExitMarker?: string;
}

export interface RecognitionPool extends FrameProcessor {
  readonly threads: number;
  queueSize(): number;
  health(): RecognitionHealth;
}

/**
 * A task at its deadline inside onnxruntime (the worker's flag): the frame is answered at once,
 * and its thread is left to finish the model run, since terminating a thread in the middle of one
 * aborts the whole process (a native Napi::Error). Only one still in there this much later is
 * terminated (a model run takes milliseconds).
 */
export const MODEL_RUN_GRACE_MS = 30_000;
/** close() waits this long at most for the frames being read (each takes milliseconds). */
const CLOSE_WAIT_MS = 10_000;

interface Running {
  timer: NodeJS.Timeout | null;
  abort: AbortController;
  timedOut: boolean;
  /** [0] 1 once the frame's socket closed (the worker skips it), [1] 1 while the worker runs the models */
  flags: Int32Array;
  /** answers the caller RECOGNITION_TIMEOUT before the task ends (see MODEL_RUN_GRACE_MS) */
  answer: ((err: Error) => void) | null;
  graced: boolean;
}

/**
 * One worker thread more than the cores: the main thread (sockets, base64, classifying) takes
 * about a fifth of a frame's CPU, and with a worker per core the cores idle while a worker waits
 * for it to hand over the next frame. bench:live 24 x 15 on 2 cores: 3 workers 344.9-355.4
 * frames/s, p95 48-66 ms; 2 workers 331.6-350.6, p95 55-81 ms. Re-measured after the main thread
 * got cheaper: 6 interleaved pairs within the spread, so it stays (docs/measurements.md).
 */
export const defaultWorkerCount = (): number => availableParallelism() + 1;

/**
 * Runs the hand pipeline in a pool of worker threads (defaultWorkerCount). The live socket
 * keeps at most one frame per learner in flight, whatever their number of sockets, so the queue
 * stays bounded by the number of learners and takes their frames in turn.
 *
 * Each task has a deadline counted from when a worker starts it (the worker says so), not from
 * when it was queued: a task still running at the deadline is aborted, which makes piscina
 * terminate that worker and start a replacement, so a frame that makes a worker spin costs at
 * most one deadline of one worker. The frame is answered with RECOGNITION_TIMEOUT; a worker that
 * dies under a task gives RECOGNITION_FAILED; both are the server's fault (RecognitionFailure).
 * A frame the worker refuses comes back as FrameRejected (the learner's fault).
 */
export function createRecognitionPool(opts: PoolOptions): RecognitionPool {
  const threads = Math.max(1, opts.workers ?? defaultWorkerCount());
  const taskTimeoutMs = opts.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
  const workerData: WorkerData = {
    modelDir: opts.modelDir,
    variant: opts.variant ?? 'full',
    ...(opts.testSpinMarker ? { testSpinMarker: opts.testSpinMarker } : {}),
    ...(opts.testExitMarker ? { testExitMarker: opts.testExitMarker } : {}),
  };
  const pool = new Piscina({
    filename: workerFilename(),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    workerData,
  });
  const running = new Map<number, Running>();
  let nextId = 1;
  let closing = false;
  const counts = { timeouts: 0, failed: 0 };
  /** when each worker was terminated and replaced (deadline overrun or death), newest last */
  const replaced: number[] = [];
  pool.on('workerDestroy', () => {
    if (closing) return;
    const now = Date.now();
    replaced.push(now);
    while (replaced.length && replaced[0] < now - DEGRADED_WINDOW_MS) replaced.shift();
  });

  // Threads still creating their onnxruntime sessions: one per thread started (and per
  // replacement), minus those that said they are loaded. close() waits for them.
  let loading = threads;
  let onLoaded: (() => void) | null = null;
  pool.on('workerDestroy', () => {
    if (!closing) loading++; // piscina starts a replacement, which loads the models again
  });

  pool.on('message', (msg: WorkerStarted | WorkerLoaded) => {
    if ('loaded' in msg) {
      loading = Math.max(0, loading - 1);
      if (loading === 0) onLoaded?.();
      return;
    }
    const task = typeof msg?.started === 'number' ? running.get(msg.started) : undefined;
    if (!task || task.timer) return;
    task.timer = setTimeout(() => expire(task), taskTimeoutMs);
    task.timer.unref();
  });
  /** A task at its deadline: answered now; its thread terminated, unless it is inside the models. */
  function expire(task: Running): void {
    task.timedOut = true;
    task.answer?.(new Error('recognition task deadline'));
    if (Atomics.load(task.flags, 1) === 1 && !task.graced) {
      task.graced = true;
      task.timer = setTimeout(() => expire(task), MODEL_RUN_GRACE_MS);
      task.timer.unref();
      return;
    }
    task.abort.abort(new Error('recognition task deadline'));
  }
  /** the tasks given to the threads and not yet settled: close() lets them end */
  const inFlight = new Set<Promise<unknown>>();
  // a worker that dies with no task on it: piscina replaces it (workerDestroy); keep the process up
  pool.on('error', () => {});

  return {
    threads,
    queueSize: () => pool.queueSize,
    health(): RecognitionHealth {
      const now = Date.now();
      const recent = replaced.filter((t) => t >= now - DEGRADED_WINDOW_MS).length;
      const lastMinute = replaced.filter((t) => t >= now - 60_000).length;
      const workers = pool.threads.length;
      const down = workers === 0 || lastMinute > DOWN_FAILURES_PER_WORKER_PER_MIN * threads;
      return {
        status: down ? 'down' : recent > 0 ? 'degraded' : 'ok',
        workers,
        task_timeout_ms: taskTimeoutMs,
        timeouts: counts.timeouts,
        failed: counts.failed,
        replaced_recently: recent,
        window_s: DEGRADED_WINDOW_MS / 1000,
        last_replaced_at: replaced.length ? new Date(replaced[replaced.length - 1]).toISOString() : null,
      };
    },
    async process(jpeg, track, signal): Promise<FrameResult> {
      const id = nextId++;
      // A frame whose socket closes while it waits is skipped by the worker that takes it (a
      // running one finishes: aborting it would cost the worker). So frames of sockets opened and
      // dropped at once do not pile up in front of everyone else's.
      const flags = new Int32Array(new SharedArrayBuffer(8));
      const entry: Running = {
        timer: null,
        abort: new AbortController(),
        timedOut: false,
        flags,
        answer: null,
        graced: false,
      };
      running.set(id, entry);
      const cancel = () => Atomics.store(flags, 0, 1);
      signal?.addEventListener('abort', cancel, { once: true });
      if (signal?.aborted) cancel();
      const task: WorkerTask = { id, jpeg, track: (track as WorkerTask['track']) ?? null, cancelled: flags };
      const run = (pool.run(task, { signal: entry.abort.signal }) as Promise<WorkerResult>).finally(() => {
        if (entry.timer) clearTimeout(entry.timer);
        running.delete(id);
        inFlight.delete(run);
      });
      inFlight.add(run);
      run.catch(() => {}); // a task answered at its deadline may fail later: its caller has its answer
      const overran = new Promise<never>((_, reject) => {
        entry.answer = reject;
      });
      let r: WorkerResult;
      try {
        r = await Promise.race([run, overran]);
      } catch (err) {
        if (entry.timedOut) {
          counts.timeouts++;
          throw new RecognitionFailure('RECOGNITION_TIMEOUT', `recognition task overran ${taskTimeoutMs} ms`);
        }
        if (!closing) counts.failed++;
        throw new RecognitionFailure('RECOGNITION_FAILED', (err as Error).message);
      } finally {
        entry.answer = null;
        signal?.removeEventListener('abort', cancel);
      }
      if (r.rejected) throw new FrameRejected(r.rejected, r.message);
      if ('cancelled' in r) throw new FrameCancelled();
      return { hands: r.hands, width: r.width, height: r.height, track: r.track, prediction: null, timings: r.timings };
    },
    async close() {
      closing = true;
      // Terminating a thread in the middle of onnxruntime's session creation aborts the process:
      // let loading threads finish first (bounded, in case one is stuck).
      if (loading > 0) {
        await new Promise<void>((resolve) => {
          onLoaded = resolve;
          setTimeout(resolve, 30_000).unref();
        });
      }
      // and in the middle of a model run too: let the frames being read end (those of closed
      // sockets are skipped)
      if (inFlight.size > 0) {
        await Promise.race([
          Promise.allSettled([...inFlight]),
          new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref()),
        ]);
      }
      await pool.destroy();
    },
  };
}
