/**
 * The seam between the live socket and recognition: what the socket needs from a recogniser.
 * Implemented by the worker pool (pool.ts) and, without models, by decodeOnlyProcessor
 * (decode-only.ts).
 */
import type { DetectedHand, RecognitionHealth } from '@asl/protocol';

export interface FrameResult {
  hands: DetectedHand[];
  width: number;
  height: number;
  /** Opaque tracking state handed back with the next frame of the same connection. */
  track: unknown;
  prediction?: { label: string | null; confidence: number } | null;
  timings?: { decodeMs: number; detectMs: number; landmarkMs: number; totalMs: number; detectorRuns: number };
}

/** What the live socket needs from the recogniser. */
export interface FrameProcessor {
  /**
   * Rejects with FrameRejected when the learner's bytes cannot be used, with FrameCancelled when
   * `signal` was aborted (the socket closed) before the frame's turn came, and with anything else
   * (RecognitionFailure from the pool) when the server failed.
   */
  process(jpeg: Buffer, track: unknown, signal?: AbortSignal): Promise<FrameResult>;
  close(): Promise<void>;
  /** the worker pool's state for /ready; absent when there is no pool */
  health?(): RecognitionHealth;
}
