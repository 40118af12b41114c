/**
 * npm run eval:light [-- --set aslhg|massey] [--factors 1,0.35,0.2,0.15,0.12,0.09] [--noise 5] [--every 1]
 *
 * How recognition holds as the light goes down, on a validation signer the classifier never trained
 * on (ASL-HG P10: phone photos in ordinary rooms, cropped to fill a 320x240 webcam frame; or Massey
 * hand3, letterboxed on black as `eval:live` does). Each photo's pixels are scaled by a factor (a
 * darker room) and given sensor noise (Gaussian, --noise grey levels), made a JPEG (quality 80) and
 * read as live practice reads a held sign (8 frames with tracking, the shipped classifier). Prints,
 * per factor, how often the hand is found and read right, and the light of the frame (mean luma,
 * 0..1 of white) and of the hand (3x3 patches at its landmarks): the web app says "too dark" below
 * a frame light chosen from these figures (apps/web/src/features/practice/hooks/frame-light.ts).
 */
import path from 'node:path';
import sharp from 'sharp';
import { createHandPipeline } from '../../apps/server/src/recognition/landmarks/pipeline.js';
import { decodeImage } from '../../apps/server/src/recognition/landmarks/image.js';
import { LIVE_PIPELINE_OPTIONS } from '../../packages/recognition/src/landmarks/live.js';
import type { RgbImage } from '../../packages/recognition/src/landmarks/types.js';
import { classify } from '../../packages/recognition/src/handshape/classifier.js';
import { holdSureThreshold } from '../../packages/recognition/src/handshape/hold-sure.js';
import { sharedDir } from '../shared-dir.mjs';
import { ensureModels } from './convert/ensure-models.js';
import { holdSign } from './live-hold.js';
import { readManifest } from './photo-manifest.js';
import { argReader } from './train/recipe.js';

const arg = argReader(process.argv.slice(2));
const set = arg.opt('--set') ?? 'aslhg';
if (set !== 'aslhg' && set !== 'massey') throw new Error('--set aslhg|massey');
const factors = (arg.opt('--factors') ?? '1,0.35,0.2,0.15,0.12,0.09').split(',').map(Number);
const noise = Number(arg.opt('--noise') ?? 5);
const every = Number(arg.opt('--every') ?? 1);
const photos = path.join(sharedDir(), 'data', 'photos');
const signer = set === 'aslhg' ? 'P10' : 'hand3';
const signs = (await readManifest(photos, set))
  .filter((r) => r.signer === signer && /^[a-ik-y]$/i.test(r.label!))
  .filter((_, k) => k % every === 0)
  .map((r) => ({ file: path.join(photos, set, r.path!), label: r.label!.toUpperCase() }));

let seed = 7;
const uniform = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const gauss = () => Math.sqrt(-2 * Math.log(uniform() + 1e-12)) * Math.cos(2 * Math.PI * uniform());

/** The photo as a webcam frame in a darker room: pixels scaled by `factor`, with sensor noise. */
async function darkFrame(file: string, factor: number): Promise<RgbImage> {
  const base =
    set === 'aslhg'
      ? sharp(file).resize(320, 240, { fit: 'cover' })
      : sharp(file)
          .resize(240, 240, { fit: 'contain', background: '#000' })
          .extend({ left: 40, right: 40, background: '#000' });
  const { data, info } = await base.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++)
    out[i] = Math.max(0, Math.min(255, Math.round(data[i]! * factor + noise * gauss())));
  const jpeg = await sharp(out, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return decodeImage(jpeg);
}

const luma = (d: ArrayLike<number>, o: number) => (0.299 * d[o]! + 0.587 * d[o + 1]! + 0.114 * d[o + 2]!) / 255;

function frameLight(img: RgbImage): number {
  let s = 0;
  for (let o = 0; o < img.data.length; o += 3) s += luma(img.data, o);
  return s / (img.data.length / 3);
}

function handLight(img: RgbImage, landmarks: readonly (readonly number[])[]): number {
  let s = 0;
  let n = 0;
  for (const [x, y] of landmarks)
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x! + dx);
        const py = Math.round(y! + dy);
        if (px < 0 || py < 0 || px >= img.width || py >= img.height) continue;
        s += luma(img.data, (py * img.width + px) * 3);
        n++;
      }
  return n ? s / n : NaN;
}

const quantiles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.floor(p * (s.length - 1))]!.toFixed(3) : '-');
  return `p10 ${q(0.1)}, p50 ${q(0.5)}, p90 ${q(0.9)}`;
};

const modelDir = path.resolve(import.meta.dirname, '../../.cache/models');
await ensureModels(modelDir);
const pipe = await createHandPipeline({ ...LIVE_PIPELINE_OPTIONS, modelDir, variant: 'full-int8', intraOpThreads: 1 });
const sureAt = holdSureThreshold();
console.log(`${set} ${signer}: ${signs.length} letter photos, sensor noise ${noise} grey levels`);
for (const factor of factors) {
  let found = 0;
  let right = 0;
  let sureRight = 0;
  let sureWrong = 0;
  const frames: number[] = [];
  const hands: number[] = [];
  for (const s of signs) {
    const img = await darkFrame(s.file, factor);
    frames.push(frameLight(img));
    let landmarks: number[][] | null = null;
    const held = await holdSign(pipe, img, 8, (h) => {
      landmarks = h.landmarks;
      return classify(
        h.landmarks.map(([x, y, z]) => ({ x, y, z })),
        h.handedness === 'left' ? 'Left' : 'Right',
        'letters',
      );
    });
    if (!held.tracked) continue;
    found++;
    if (landmarks) hands.push(handLight(img, landmarks));
    if (held.label === s.label) right++;
    if (held.confidence >= sureAt) {
      if (held.label === s.label) sureRight++;
      else sureWrong++;
    }
  }
  const pc = (a: number, b: number) => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  console.log(
    `x${factor}: hand found ${found}/${signs.length} (${pc(found, signs.length)}), read right ${pc(right, signs.length)} (of the found ${pc(right, found)}), sure and right ${sureRight}, sure and wrong ${sureWrong}; frame light ${quantiles(frames)}; hand light ${quantiles(hands)}`,
  );
}
await pipe.close();
