/**
 * A photo held in front of the webcam, as live practice reads it: the measuring tools
 * (`eval:live`, `fit:hold-sure`, `fit:crop-size`) make each photo the frame the browser sends and
 * read it for a few frames with tracking.
 */
import sharp from 'sharp';
import { decodeImage } from '../../apps/server/src/recognition/landmarks/image.js';
import type { Hand, HandPipeline } from '../../packages/recognition/src/landmarks/hand-pipeline.js';
import type { RgbImage } from '../../packages/recognition/src/landmarks/types.js';

/** The photo as a 320x240 webcam frame: 240 px tall, letterboxed on black, JPEG quality 80. */
export async function webcamFrame(file: string): Promise<RgbImage> {
  const jpeg = await sharp(file)
    .resize(240, 240, { fit: 'contain', background: '#000' })
    .extend({ left: 40, right: 40, background: '#000' })
    .jpeg({ quality: 80 })
    .toBuffer();
  return decodeImage(jpeg);
}

export interface HeldSign {
  /** the sign: the label with the highest mean probability over the tracked frames (none: no hand) */
  label: string | undefined;
  /** that mean probability, practice's `sure` is decided on it */
  confidence: number;
  /** every label's mean probability over the tracked frames */
  probabilities: Record<string, number>;
  /** tracked frames read (the first frame, which finds the hand, is not counted) */
  tracked: number;
  /** each tracked frame's own label */
  frameLabels: string[];
  detectorRuns: number;
}

/**
 * Reads the frame `frames` times with tracking, classifying each tracked frame's hand, and decides
 * the sign by the mean of those frames' probabilities (as practice's stabilizer smooths).
 */
export async function holdSign(
  pipe: HandPipeline,
  rgb: RgbImage,
  frames: number,
  classifyHand: (hand: Hand) => { label: string; probabilities: Record<string, number> },
): Promise<HeldSign> {
  const sum = new Map<string, number>();
  const frameLabels: string[] = [];
  let detectorRuns = 0;
  let track = null;
  for (let f = 0; f < frames; f++) {
    const res = await pipe.process({ rgb }, track);
    track = res.track;
    detectorRuns += res.timings.detectorRuns;
    const h = res.hands[0];
    if (!h || f === 0) continue;
    const c = classifyHand(h);
    for (const [l, p] of Object.entries(c.probabilities)) sum.set(l, (sum.get(l) ?? 0) + p);
    frameLabels.push(c.label);
  }
  const tracked = frameLabels.length;
  const [label, total] = [...sum].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
  const probabilities = Object.fromEntries([...sum].map(([l, p]) => [l, p / Math.max(tracked, 1)]));
  return { label, confidence: tracked ? total / tracked : 0, probabilities, tracked, frameLabels, detectorRuns };
}
