/**
 * Live webcam frames: the one definition of how they are recognised, used by the server's
 * recognition workers (onnxruntime-node) and by the browser's on-device recogniser
 * (onnxruntime-web), so that both read a frame the same way and send hands in the same shape.
 */
import type { DetectedHand } from '@asl/protocol';
import type { PipelineOptions } from './hand-pipeline.js';

/** The hand pipeline's options for live webcam frames. */
export const LIVE_PIPELINE_OPTIONS: PipelineOptions = {
  variant: 'full',
  maxHands: 1,
  // A webcam frame is mirrored for the learner but the pipeline sees it unmirrored.
  handedness: 'unmirrored',
  // Palm search at pad 1, then 2; when the hand found first is read weakly (presence under 0.9:
  // often a hand filling the frame, cut off by its edge, read as a knot of points), also at pads
  // 2, 1.5 and 3, keeping the best reading. Only the frame that starts a track pays for it. Last,
  // the frame turned a quarter either way and upside down: the palm detector misses some hands
  // pointing sideways or down when no arm shows (a P, Q, H or X close to the camera); while no hand
  // is in view these take their turn in the one search a frame (idleSearch), at no extra cost.
  detectAttempts: [
    { pad: 1 },
    { pad: 2 },
    { pad: 1.5 },
    { pad: 3 },
    { pad: 2, rotate: 90 },
    { pad: 2, rotate: -90 },
    { pad: 2, rotate: 180 },
  ],
  retryBelow: 0.9,
  // Every other tracked frame is read from the crop's mirror image (free: the mirror is in the
  // crop's warp), so a held sign is read from two views whose errors are largely independent.
  alternateMirror: true,
  // A live frame is 320x240, so a hand spans well under 224 of its pixels and the model's 224 crop
  // is an upsampling: a 192 crop (the model ends in global pooling and takes any multiple of 32)
  // costs 27% less and reads held signs of people never seen as well (`npm run eval:live`).
  landmarkSize: 192,
  // While no hand is in view, one palm search a frame (the first attempt every other frame, the
  // others in turn), not all seven: four cost a frame without a hand twelve tracked frames' worth.
  idleSearch: true,
  // A hand that moves is looked for where it is going (constant speed): a Z drawn in 0.7 s at
  // 15 fps moves most of a palm a frame, blurred, and was lost from the crop (`npm run
  // eval:moving-photos`). A held hand's crop is unchanged.
  predictMotion: true,
};

/** A landmark coordinate as sent on the wire: rounded to a tenth of a pixel. */
const r1 = (x: number): number => Math.round(x * 10) / 10;

/** A pipeline hand in the wire shape (landmarks to 0.1 px, score to 3 decimals). */
export function toDetectedHand(h: {
  landmarks: [number, number, number][];
  handedness: 'left' | 'right';
  score: number;
}): DetectedHand {
  return {
    landmarks: h.landmarks.map(([x, y, z]) => [r1(x), r1(y), r1(z)] as [number, number, number]),
    handedness: h.handedness,
    score: Math.round(h.score * 1000) / 1000,
  };
}

/** RGBA pixels (a canvas's ImageData, a decoder's output) to the packed RGB the pipeline takes. */
export function rgbaToRgb(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const n = width * height;
  const out = new Uint8Array(n * 3);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const k = i * 4;
    out[j] = rgba[k]!;
    out[j + 1] = rgba[k + 1]!;
    out[j + 2] = rgba[k + 2]!;
  }
  return out;
}
