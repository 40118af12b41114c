import type { DetectedHand } from '@asl/protocol';

/** Messages between the page and the recogniser worker. */
export type RecognizerRequest =
  | { type: 'init'; modelBase: string }
  | { type: 'reset' }
  | { type: 'frame'; id: number; bitmap: ImageBitmap; width: number; height: number };

export type RecognizerResponse =
  | { type: 'ready' }
  | { type: 'error'; message: string }
  | {
      type: 'result';
      id: number;
      hands: DetectedHand[];
      width: number;
      height: number;
      /** worker time for this frame: pixels, palm detector (when not tracking), landmarks */
      ms: number;
      detectorRuns: number;
      error?: string;
    };
