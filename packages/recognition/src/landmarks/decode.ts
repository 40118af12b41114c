/**
 * Palm detector output decoding: raw [N,19] = [score logit, cx, cy, w, h, 7 x (kx, ky)],
 * offsets in model-input pixels relative to the anchor centre; then weighted NMS as in
 * MediaPipe's palm detection graph (min_suppression_threshold 0.3).
 */
export interface RawDetection {
  score: number;
  x: number;
  y: number;
  w: number;
  h: number;
  keypoints: Array<[number, number]>;
}

const sigmoid = (v: number): number => 1 / (1 + Math.exp(-Math.max(-100, Math.min(100, v))));

export function decodePalm(
  raw: Float32Array,
  anchors: Float32Array,
  inputSize: number,
  minScore: number,
  stride = 19,
  numKeypoints = 7,
): RawDetection[] {
  const n = anchors.length / 2;
  if (raw.length !== n * stride) throw new Error(`palm output size ${raw.length} != ${n}*${stride}`);
  const out: RawDetection[] = [];
  const logitMin = Math.log(minScore / (1 - minScore));
  for (let i = 0; i < n; i++) {
    const o = i * stride;
    if (raw[o] < logitMin) continue;
    const ax = anchors[2 * i] * inputSize;
    const ay = anchors[2 * i + 1] * inputSize;
    const cx = raw[o + 1] + ax;
    const cy = raw[o + 2] + ay;
    const w = raw[o + 3];
    const h = raw[o + 4];
    const keypoints: Array<[number, number]> = [];
    for (let k = 0; k < numKeypoints; k++) keypoints.push([raw[o + 5 + 2 * k] + ax, raw[o + 6 + 2 * k] + ay]);
    out.push({ score: sigmoid(raw[o]), x: cx - w / 2, y: cy - h / 2, w, h, keypoints });
  }
  return out;
}

export function iou(a: RawDetection, b: RawDetection): number {
  const x1 = Math.max(a.x, b.x);
  const y1 = Math.max(a.y, b.y);
  const x2 = Math.min(a.x + a.w, b.x + b.w);
  const y2 = Math.min(a.y + a.h, b.y + b.h);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const uni = a.w * a.h + b.w * b.h - inter;
  return uni > 0 ? inter / uni : 0;
}

/** MediaPipe "WEIGHTED" non-max suppression: overlapping candidates are averaged, weighted by score. */
export function weightedNms(dets: RawDetection[], iouThreshold: number, maxOut: number): RawDetection[] {
  let rest = [...dets].sort((a, b) => b.score - a.score);
  const out: RawDetection[] = [];
  while (rest.length && out.length < maxOut) {
    const top = rest[0];
    const group: RawDetection[] = [];
    const keep: RawDetection[] = [];
    for (const d of rest) (iou(top, d) > iouThreshold ? group : keep).push(d);
    if (!group.length) group.push(top);
    let tw = 0;
    let x = 0,
      y = 0,
      w = 0,
      h = 0;
    const kps = top.keypoints.map(() => [0, 0] as [number, number]);
    for (const d of group) {
      tw += d.score;
      x += d.x * d.score;
      y += d.y * d.score;
      w += d.w * d.score;
      h += d.h * d.score;
      d.keypoints.forEach((k, j) => {
        kps[j][0] += k[0] * d.score;
        kps[j][1] += k[1] * d.score;
      });
    }
    out.push({
      score: top.score,
      x: x / tw,
      y: y / tw,
      w: w / tw,
      h: h / tw,
      keypoints: kps.map(([a, b]) => [a / tw, b / tw]),
    });
    rest = keep;
  }
  return out;
}
