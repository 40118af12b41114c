/**
 * A recognition worker thread (run by piscina): one hand pipeline per thread with one
 * intra-op thread, since onnxruntime's session.run() blocks the thread it runs on.
 */
import { workerData } from 'node:worker_threads';
import type { DetectedHand } from '@asl/protocol';
import { createHandPipeline, type HandPipeline } from './landmarks/pipeline';
import type { LandmarkVariant, TrackState } from '@asl/recognition';

export interface WorkerTask {
  jpeg: Uint8Array;
  track: TrackState | null;
}

export interface WorkerResult {
  hands: DetectedHand[];
  width: number;
  height: number;
  track: TrackState | null;
  timings: { decodeMs: number; detectMs: number; landmarkMs: number; totalMs: number; detectorRuns: number };
}

const { modelDir, variant } = workerData as { modelDir: string; variant?: LandmarkVariant };
let pipeline: Promise<HandPipeline> | null = null;

const r1 = (x: number) => Math.round(x * 10) / 10;

export default async function recognise(task: WorkerTask): Promise<WorkerResult> {
  pipeline ??= createHandPipeline({
    modelDir,
    variant: variant ?? 'full',
    intraOpThreads: 1,
    maxHands: 1,
    // A webcam frame is mirrored for the learner but arrives unmirrored here.
    handedness: 'unmirrored',
    detectAttempts: [{ pad: 1 }, { pad: 2 }],
  });
  const p = await pipeline;
  const res = await p.process(
    { jpeg: Buffer.from(task.jpeg.buffer, task.jpeg.byteOffset, task.jpeg.byteLength) },
    task.track,
  );
  return {
    hands: res.hands.map((h) => ({
      landmarks: h.landmarks.map(([x, y, z]) => [r1(x), r1(y), r1(z)] as [number, number, number]),
      handedness: h.handedness,
      score: Math.round(h.score * 1000) / 1000,
    })),
    width: res.image.width,
    height: res.image.height,
    track: res.track,
    timings: res.timings,
  };
}
