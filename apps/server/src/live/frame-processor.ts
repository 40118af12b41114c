import type { DetectedHand, RecognitionHealth } from '@asl/protocol';
import sharp from 'sharp';
import { FrameRejected } from '../recognition/frame-errors';

export interface FrameResult {
  hands: DetectedHand[];
  width: number;
  height: number;
  /** Opaque tracking state handed back with the next frame of the same connection. */
  track: unknown;
  prediction?: { label: string | null; confidence: number } | null;
  timings?: { decodeMs: number; detectMs: number; landmarkMs: number; totalMs: number; detectorRuns: number };
}

/** What the live socket needs from the recogniser; implemented by the worker pool. */
export interface FrameProcessor {
  /**
   * Rejects with FrameRejected when the learner's bytes cannot be used, and with anything else
   * (RecognitionFailure from the pool) when the server failed.
   */
  process(jpeg: Buffer, track: unknown): Promise<FrameResult>;
  close(): Promise<void>;
  /** the worker pool's state for /ready; absent when there is no pool */
  health?(): RecognitionHealth;
}

/**
 * Decodes and validates the JPEG for real but finds no hands. Used when the
 * recognition models are not available (RECOGNITION_WORKERS=0).
 */
export function decodeOnlyProcessor(): FrameProcessor {
  return {
    async process(jpeg) {
      // (the live socket has checked the header size against the frame limits already)
      const { info } = await sharp(jpeg, { failOn: 'error' })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .catch((err: Error) => {
          throw new FrameRejected('FRAME_NOT_JPEG', err.message);
        });
      return { hands: [], width: info.width, height: info.height, track: null, prediction: null };
    },
    async close() {},
  };
}
