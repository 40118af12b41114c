/**
 * Batch recognition core (behind `npm run recognize`): many image files of any size/aspect ->
 * hands with landmarks in image pixels. Models are loaded once; photos are independent
 * (no tracking between files).
 */
import { readFile } from 'node:fs/promises';
import {
  createHandPipeline,
  type HandPipeline,
  type PipelineOptions,
} from '../../../apps/server/src/recognition/landmarks/pipeline.js';
import { decodeImage } from '../../../apps/server/src/recognition/landmarks/image.js';
import { mirrorImage, unmirrorHand, type Hand } from '@asl/recognition';
import { imageInputError, type InputErrorCode } from './input-errors';

export interface FileResult {
  file: string;
  width: number;
  height: number;
  hands: Hand[];
  /**
   * With `readMirrored`: the hands found in the photo's mirror image, put back into the photo's
   * pixels (a second, largely independent reading of the same hand).
   */
  mirroredHands?: Hand[];
  ms: number;
  attempt: number;
  /** the file could not be used (input-errors.ts) */
  error?: string;
  code?: InputErrorCode;
}

/**
 * static-photo defaults: photos are often tightly cropped, so detection runs on copies padded
 * to 2, 3 and 4x the long side and keeps the best candidate (palm score x presence; small
 * knuckle-only detections lose), then other paddings, a lower palm threshold and rotated copies
 * (all of them, keeping the best, when the hand found first has a presence under 0.9);
 * a refinement pass
 * re-crops from the first landmarks. (Measured on Massey/digits, see tools/recognition/README.md.)
 */
export const PHOTO_ATTEMPTS = [
  { pad: 1.5 },
  { pad: 3 }, // run together, best candidate wins
  { pad: 2 },
  { pad: 1 },
  { pad: 4 },
  { pad: 1.5, minScore: 0.3 },
  { pad: 3, minScore: 0.3 },
  // last resort: the detector misses some sideways / downward hands (Massey H, P, Q)
  { pad: 2, rotate: 90 },
  { pad: 2, rotate: -90 },
  { pad: 2, rotate: 180 },
  { pad: 3, rotate: 90 },
  { pad: 3, rotate: -90 },
];
export const PHOTO_DEFAULTS: Omit<PipelineOptions, 'modelDir'> = {
  detectAttempts: PHOTO_ATTEMPTS,
  exhaustive: 2,
  refine: true,
  // a reading below 0.9 presence: try every attempt and keep the best. On Massey's photos (training
  // signers) 58 of the 93 readings whose palm came out under 0.3 of the photo's side (landmarks
  // collapsed; 25 of 93 read right) scored below 0.9, and none of the 1,770 others did.
  retryBelow: 0.9,
  maxHands: 1,
};

export interface Recognizer {
  recognize(files: Iterable<string>): AsyncGenerator<FileResult>;
  pipeline: HandPipeline;
  close(): Promise<void>;
}

export interface RecognizerOptions {
  /** also read each photo's mirror image (twice the time; `classifyReadings` averages the two) */
  readMirrored?: boolean;
  /** read only the mirror image (its hands put back into the photo's pixels, in `hands`) */
  onlyMirrored?: boolean;
}

export async function createRecognizer(opts: PipelineOptions, o: RecognizerOptions = {}): Promise<Recognizer> {
  const pipeline = await createHandPipeline({ ...PHOTO_DEFAULTS, ...opts });
  async function* recognize(files: Iterable<string>): AsyncGenerator<FileResult> {
    for (const file of files) {
      const t0 = performance.now();
      try {
        const img = await decodeImage(await readFile(file));
        const r = await pipeline.process({ rgb: o.onlyMirrored ? mirrorImage(img) : img });
        const hands = o.onlyMirrored ? r.hands.map((h) => unmirrorHand(h, img.width)) : r.hands;
        const mirrored =
          o.readMirrored && !o.onlyMirrored
            ? (await pipeline.process({ rgb: mirrorImage(img) })).hands.map((h) => unmirrorHand(h, img.width))
            : undefined;
        // a photo decoded shrunk: its hands back in the photo's own pixels
        const inPhoto = (h: Hand) => scaleHand(h, img.scale);
        yield {
          file,
          width: Math.round(img.width * img.scale),
          height: Math.round(img.height * img.scale),
          hands: hands.map(inPhoto),
          ...(mirrored ? { mirroredHands: mirrored.map(inPhoto) } : {}),
          attempt: r.attempt,
          ms: performance.now() - t0,
        };
      } catch (e) {
        yield {
          file,
          width: 0,
          height: 0,
          hands: [],
          attempt: -1,
          ms: performance.now() - t0,
          ...imageInputError(e),
        };
      }
    }
  }
  return { recognize, pipeline, close: () => pipeline.close() };
}

/** A hand found in an image shrunk by `scale` (photo pixels per image pixel), in the photo's pixels. */
export function scaleHand(hand: Hand, scale: number): Hand {
  if (scale === 1) return hand;
  const s = (v: number) => v * scale;
  return {
    ...hand,
    landmarks: hand.landmarks.map(([x, y, z]) => [s(x), s(y), s(z)]),
    box: { x: s(hand.box.x), y: s(hand.box.y), w: s(hand.box.w), h: s(hand.box.h) },
    rect: { ...hand.rect, cx: s(hand.rect.cx), cy: s(hand.rect.cy), w: s(hand.rect.w), h: s(hand.rect.h) },
  };
}
