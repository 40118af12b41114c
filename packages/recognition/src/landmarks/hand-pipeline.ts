/**
 * Hand pipeline (MediaPipe Hands, reproduced on onnxruntime): palm detection on a letterboxed
 * frame -> rotated hand crop -> landmark model -> image pixels, with tracking driven by a
 * caller-held TrackState (the palm detector runs only when needed). The runtime is injected
 * (onnxruntime-node in the server's worker threads, onnxruntime-web in the browser), and so is
 * the JPEG decoder.
 */
import { generateAnchors, PALM_256_ANCHORS } from './anchors.js';
import { landmarksToRect, palmToRect, predictRect, projectLandmarks, rectToImageAffine } from './crop.js';
import { decodePalm, weightedNms, type RawDetection } from './decode.js';
import { borderColor, checkRgb } from './image.js';
import type { Hand, PalmDetection, Point3, Rect, RgbImage, TrackState } from './types.js';
import { searchMisses, searchOrder } from './idle-search.js';
import { detectionAffine } from './letterbox.js';
import { applyAffine, ImagePyramid, warpAffinePyramid } from './warp.js';
import { mapReading, MODEL_CROP, readingMapFor } from './crop-size.js';

/**
 * Landmark model: 'full' (float), 'full-int8' (the same model quantized to int8 with calibrated
 * ranges, its full-resolution stem kept float: about a quarter faster on a CPU, within about a
 * pixel of 'full'), 'lite' (smaller, less accurate), 'full-int8-all' (the stem int8 too: about
 * twice full-int8's error; its readings of the training photos augment the classifier's training).
 */
export type LandmarkVariant = 'full' | 'full-int8' | 'lite' | 'full-int8-all';
export const LANDMARK_VARIANTS: readonly LandmarkVariant[] = ['full', 'full-int8', 'lite', 'full-int8-all'];
export type ModelName = 'handdetect' | `handlandmark-${LandmarkVariant}`;

/** One loaded model: runs a single float32 input and returns every output by name. */
export interface ModelRunner {
  readonly outputNames: readonly string[];
  run(input: Float32Array, dims: readonly number[]): Promise<Record<string, Float32Array>>;
  release(): Promise<void>;
}

/** What the pipeline needs from its host: the models and a JPEG/PNG decoder. */
export interface PipelineRuntime {
  loadModel(name: ModelName): Promise<ModelRunner>;
  decode?(bytes: Uint8Array): Promise<RgbImage>;
}

export interface PipelineOptions {
  variant?: LandmarkVariant;
  maxHands?: number;
  /** palm detector score threshold (MediaPipe: 0.5) */
  minDetectionScore?: number;
  /** landmark hand-presence threshold to accept a hand / keep tracking it (MediaPipe: 0.5) */
  minPresence?: number;
  /**
   * palm-detection attempts, tried in order until a hand passes minPresence: `pad` is the side of
   * a virtual square canvas (background colour) as a multiple of the image's long side, `minScore`
   * overrides minDetectionScore. Default [{pad:1},{pad:2}] (second one only when the first fails).
   */
  detectAttempts?: Array<{ pad: number; minScore?: number; rotate?: number }>;
  /** how many leading detectAttempts are run together, keeping the best candidate (default 1) */
  exhaustive?: number;
  /** second landmark pass on the rect derived from the first landmarks (static photos) */
  refine?: boolean;
  /**
   * One hand wanted (maxHands 1) and the detected one's presence is below this: the remaining
   * detectAttempts are run as well and the best candidate (palm score x presence) is kept.
   * Static photos: a tightly cropped hand sometimes gives a collapsed reading (every landmark
   * in a knot by the fingertips, presence 0.6-0.9) that another padding or rotation reads well.
   */
  retryBelow?: number;
  /**
   * 'mediapipe': the model's own label (it assumes a mirrored/selfie image);
   * 'unmirrored': flip it, for raw camera frames / photos of other people.
   */
  handedness?: 'mediapipe' | 'unmirrored';
  /**
   * Live frames: every other tracked frame (odd TrackState.frames) is read from the crop's mirror
   * image, its landmarks put back. The landmark model's errors on a hand and on its mirror image
   * are largely independent, so frames averaged over time are read from two views at no extra
   * cost (the mirror is folded into the crop's warp).
   */
  alternateMirror?: boolean;
  /**
   * side of the landmark model's square input crop, pixels: LM_SIZE (the model's own, default) or
   * a smaller multiple of 32 with a fitted reading map (crop-size.ts), which costs less
   */
  landmarkSize?: number;
  /**
   * Live frames: while no hand is in view (the learner reading, or the hands lowered), a frame
   * runs one palm search, not every detectAttempt in turn (four palm detector runs, the cost of
   * twelve tracked frames). A stream's first frame still searches with them all (idle-search.ts).
   * The returned track then holds no rects and counts the fruitless searches (`misses`).
   */
  idleSearch?: boolean;
  /**
   * Live frames: a tracked hand that moved more than PREDICT_MIN_STEP of its crop since the frame
   * before is looked for where it would be at the same speed (crop.ts predictRect), so a letter
   * drawn fast stays in the crop; a held hand's crop is its landmarks' own.
   */
  predictMotion?: boolean;
}

/** predictMotion: the least step (share of the crop's side) that is followed, above a held hand's jitter */
export const PREDICT_MIN_STEP = 0.1;

export interface ProcessInput {
  jpeg?: Uint8Array;
  rgb?: RgbImage;
}
export interface Timings {
  decodeMs: number;
  detectMs: number;
  landmarkMs: number;
  totalMs: number;
  detectorRuns: number;
  landmarkRuns: number;
}
export interface ProcessResult {
  hands: Hand[];
  track: TrackState | null;
  timings: Timings;
  palms: PalmDetection[];
  /** size of the decoded image, pixels */
  image: { width: number; height: number };
  /** index into detectAttempts of the attempt that produced the last new hand (-1: none/tracked) */
  attempt: number;
}
export interface HandPipeline {
  process(input: ProcessInput, track?: TrackState | null): Promise<ProcessResult>;
  detectPalms(
    img: RgbImage,
    pad?: number,
    minScore?: number,
    bg?: [number, number, number],
    rotateDeg?: number,
  ): Promise<PalmDetection[]>;
  landmarksForRect(img: RgbImage, rect: Rect, bg?: [number, number, number]): Promise<Hand>;
  close(): Promise<void>;
}

const PALM_SIZE = 256;
/** side of the landmark model's square input */
export const LM_SIZE = MODEL_CROP;

/** The landmark model's input for a hand rect: the rotated crop, RGB in [0, 1], NHWC. */
export function landmarkCrop(
  pyr: ImagePyramid,
  rect: Rect,
  border: [number, number, number],
  out?: Float32Array,
  mirror = false,
  size = LM_SIZE,
): Float32Array {
  return warpAffinePyramid(
    pyr,
    rectToImageAffine(rect, size, mirror),
    size,
    size,
    { scale: 1 / 255, offset: 0, border },
    out,
  );
}
const REFINE_FROM = 0.2;

export async function createHandPipelineWith(
  runtime: PipelineRuntime,
  opts: PipelineOptions = {},
): Promise<HandPipeline> {
  const o = {
    variant: 'full' as LandmarkVariant,
    maxHands: 1,
    minDetectionScore: 0.5,
    minPresence: 0.5,
    detectAttempts: [{ pad: 1 }, { pad: 2 }] as Array<{ pad: number; minScore?: number; rotate?: number }>,
    exhaustive: 1,
    refine: false,
    handedness: 'mediapipe' as const,
    landmarkSize: LM_SIZE,
    ...opts,
  };
  const palmSession = await runtime.loadModel('handdetect');
  const lmSession = await runtime.loadModel(`handlandmark-${o.variant}`);
  const anchors = generateAnchors(PALM_256_ANCHORS);
  const palmBuf = new Float32Array(PALM_SIZE * PALM_SIZE * 3);
  const lmSize = o.landmarkSize;
  const lmBuf = new Float32Array(lmSize * lmSize * 3);
  const readingMap = readingMapFor(lmSize);
  let detectMs = 0,
    landmarkMs = 0,
    detectorRuns = 0,
    landmarkRuns = 0;
  // one pyramid per image, reused by every warp of that image (weak: no leak across frames)
  const pyramids = new WeakMap<RgbImage, ImagePyramid>();
  const pyramidOf = (img: RgbImage): ImagePyramid => {
    let p = pyramids.get(img);
    if (!p) {
      p = new ImagePyramid(img);
      pyramids.set(img, p);
    }
    return p;
  };

  async function detectPalms(
    img: RgbImage,
    pad = 1,
    minScore = o.minDetectionScore,
    bg = borderColor(img),
    rotateDeg = 0,
  ): Promise<PalmDetection[]> {
    const t0 = performance.now();
    // the model input shows a square of side pad*long side centred on the image (background
    // colour outside; this is the letterbox when pad = 1), optionally rotated by rotateDeg
    const m = detectionAffine(img.width, img.height, pad, rotateDeg, PALM_SIZE);
    warpAffinePyramid(pyramidOf(img), m, PALM_SIZE, PALM_SIZE, { scale: 1 / 127.5, offset: -1, border: bg }, palmBuf);
    const out = await palmSession.run(palmBuf, [1, PALM_SIZE, PALM_SIZE, 3]);
    const raw = out[palmSession.outputNames[0]];
    const dets = weightedNms(decodePalm(raw, anchors, PALM_SIZE, minScore), 0.3, o.maxHands * 2);
    detectMs += performance.now() - t0;
    detectorRuns++;
    const s = Math.hypot(m[0], m[3]);
    return dets.map((d: RawDetection) => {
      const [cx, cy] = applyAffine(m, d.x + d.w / 2, d.y + d.h / 2);
      const w = d.w * s;
      const h = d.h * s;
      return {
        score: d.score,
        box: { x: cx - w / 2, y: cy - h / 2, w, h },
        keypoints: d.keypoints.map(([kx, ky]) => applyAffine(m, kx, ky)),
      };
    });
  }

  async function landmarksForRect(img: RgbImage, rect: Rect, bg = borderColor(img), mirror = false): Promise<Hand> {
    const t0 = performance.now();
    landmarkCrop(pyramidOf(img), rect, bg, lmBuf, mirror, lmSize);
    const out = await lmSession.run(lmBuf, [1, lmSize, lmSize, 3]);
    landmarkMs += performance.now() - t0;
    landmarkRuns++;
    const raw = out.Identity; // 21 x (x, y, z) in crop pixels
    if (lmSize !== LM_SIZE) mapReading(raw, readingMap);
    const presence = out.Identity_1[0];
    // MediaPipe's HandednessClassificationExtract: the sigmoid output is the score of "Left"
    // (labels assume a mirrored/selfie image, so an unmirrored right hand reads "Left")
    const left = out.Identity_2[0];
    // in the model's own LM_SIZE frame whatever the crop's size (see crop-size.ts)
    const landmarks = projectLandmarks(raw, rect, LM_SIZE, mirror);
    const xs = landmarks.map((p) => p[0]);
    const ys = landmarks.map((p) => p[1]);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    // a mirrored crop shows the other hand
    const mpRight = mirror ? left >= 0.5 : left < 0.5;
    const isRight = o.handedness === 'unmirrored' ? !mpRight : mpRight;
    return {
      landmarks,
      score: presence,
      handedness: isRight ? 'right' : 'left',
      handednessScore: left < 0.5 ? 1 - left : left,
      box: { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y },
      rect,
    };
  }

  async function handFromRect(img: RgbImage, rect: Rect, bg: [number, number, number], mirror = false): Promise<Hand> {
    let hand = await landmarksForRect(img, rect, bg, mirror);
    // refinement: re-crop from the first landmarks (as the next video frame would); it also
    // rescues hands whose palm box was poor (presence just under the threshold)
    if (o.refine && hand.score >= REFINE_FROM) {
      const again = await landmarksForRect(img, landmarksToRect(hand.landmarks), bg, mirror);
      if (hand.score < o.minPresence ? again.score > hand.score : again.score >= hand.score * 0.9) hand = again;
    }
    return hand;
  }

  const overlaps = (a: Rect, b: Rect): boolean => Math.hypot(a.cx - b.cx, a.cy - b.cy) < 0.5 * Math.min(a.w, b.w);

  async function process(input: ProcessInput, track?: TrackState | null): Promise<ProcessResult> {
    const t0 = performance.now();
    detectMs = 0;
    landmarkMs = 0;
    detectorRuns = 0;
    landmarkRuns = 0;
    let img: RgbImage;
    if (input.rgb) img = checkRgb(input.rgb);
    else if (input.jpeg && runtime.decode) img = await runtime.decode(input.jpeg);
    else throw new Error('process(): give rgb, or jpeg with a runtime that decodes');
    const decodeMs = performance.now() - t0;
    const bg = borderColor(img);
    const hands: Hand[] = [];
    const palms: PalmDetection[] = [];
    let attempt = -1;
    const sameSize = track != null && track.width === img.width && track.height === img.height;
    // 1. tracked hands: landmark model only
    if (track && sameSize) {
      // alternateMirror: every other tracked frame is read from the crop's mirror image
      const mirror = o.alternateMirror === true && track.frames % 2 === 1;
      for (const r of track.rects) {
        const h = await handFromRect(img, r, bg, mirror);
        if (h.score >= o.minPresence) hands.push(h);
      }
    }
    // 2. detection when we track fewer hands than wanted. The first `exhaustive` attempts are
    // evaluated together and the candidates ranked by palm score x presence; later attempts
    // run one at a time, only while hands are missing. idleSearch, after a fruitless search:
    // one attempt (the others only to search again for a weakly read hand).
    const misses = o.idleSearch && track && sameSize ? searchMisses(track, hands.length) : 0;
    const order = searchOrder(misses, o.detectAttempts.length);
    const searchLimit = misses > 0 ? 1 : order.length;
    let i = 0;
    let detected: { hand: Hand; palm: PalmDetection } | null = null;
    while (
      (hands.length < o.maxHands || (detected && o.retryBelow !== undefined && detected.hand.score < o.retryBelow)) &&
      i < order.length
    ) {
      const retry = hands.length >= o.maxHands;
      if (!retry && i >= searchLimit) break;
      const n = i === 0 ? Math.max(1, o.exhaustive) : retry ? order.length - i : 1;
      const cands: Array<{ hand: Hand; palm: PalmDetection; attempt: number }> = [];
      for (let ai = i; ai < Math.min(i + n, retry ? order.length : searchLimit); ai++) {
        const a = o.detectAttempts[order[ai]!]!;
        const found = await detectPalms(img, a.pad, a.minScore ?? o.minDetectionScore, bg, a.rotate ?? 0);
        for (const p of found) {
          if (!retry && n === 1 && hands.length + cands.length >= o.maxHands) break;
          const rect = palmToRect(p.box, p.keypoints);
          if (!retry && hands.some((h) => overlaps(h.rect, rect))) continue;
          palms.push(p);
          const h = await handFromRect(img, rect, bg);
          if (h.score >= o.minPresence) {
            h.palmScore = p.score;
            cands.push({ hand: h, palm: p, attempt: order[ai]! });
          }
        }
      }
      i += n;
      cands.sort((a, b) => b.palm.score * b.hand.score - a.palm.score * a.hand.score);
      if (retry && detected) {
        // the weak hand gives way to a better reading from the other attempts
        const best = cands[0];
        if (best && best.palm.score * best.hand.score > detected.palm.score * detected.hand.score) {
          hands[hands.indexOf(detected.hand)] = best.hand;
          attempt = best.attempt;
        }
        break;
      }
      for (const c of cands) {
        if (hands.length >= o.maxHands) break;
        if (hands.some((h) => overlaps(h.rect, c.hand.rect))) continue;
        hands.push(c.hand);
        attempt = c.attempt;
        if (o.maxHands === 1) detected = c;
      }
    }
    const seen = hands.map((h) => landmarksToRect(h.landmarks));
    // the step from a frame read from a palm detection's crop is the crop settling, not the hand moving
    const before = o.predictMotion && sameSize && (track?.frames ?? 0) >= 2 ? (track?.seen ?? []) : [];
    const nextTrack: TrackState | null = hands.length
      ? {
          width: img.width,
          height: img.height,
          rects: o.predictMotion ? seen.map((r) => predictRect(r, nearest(before, r), PREDICT_MIN_STEP)) : seen,
          ...(o.predictMotion ? { seen } : {}),
          frames: (track?.frames ?? 0) + 1,
        }
      : o.idleSearch
        ? { width: img.width, height: img.height, rects: [], frames: 0, misses: misses + 1 }
        : null;
    return {
      hands,
      palms,
      attempt,
      image: { width: img.width, height: img.height },
      track: nextTrack,
      timings: { decodeMs, detectMs, landmarkMs, totalMs: performance.now() - t0, detectorRuns, landmarkRuns },
    };
  }

  return {
    process,
    detectPalms,
    landmarksForRect,
    async close() {
      await palmSession.release();
      await lmSession.release();
    },
  };
}

/** The crop of `rects` nearest `r`, when within half its side (the same hand a frame before). */
function nearest(rects: readonly Rect[], r: Rect): Rect | undefined {
  let best: Rect | undefined;
  let bestD = 0.5 * r.w;
  for (const q of rects) {
    const d = Math.hypot(q.cx - r.cx, q.cy - r.cy);
    if (d <= bestD) [best, bestD] = [q, d];
  }
  return best;
}

export type { Hand, TrackState, Point3 };
