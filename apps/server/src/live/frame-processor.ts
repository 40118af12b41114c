import type { DetectedHand } from '@asl/protocol';
import sharp from 'sharp';

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
  process(jpeg: Buffer, track: unknown): Promise<FrameResult>;
  close(): Promise<void>;
}

/**
 * Decodes and validates the JPEG for real but finds no hands. Used when the
 * recognition models are not available (RECOGNITION_WORKERS=0).
 */
export function decodeOnlyProcessor(): FrameProcessor {
  return {
    async process(jpeg) {
      const { info } = await sharp(jpeg, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
      return { hands: [], width: info.width, height: info.height, track: null, prediction: null };
    },
    async close() {},
  };
}
