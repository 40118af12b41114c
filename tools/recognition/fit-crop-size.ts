/**
 * Fits the map from the landmark model's reading of a smaller crop to its reading of the 224 crop
 * (packages/recognition/src/landmarks/crop-size.ts) and writes it to crop-readings.json.
 *
 * Photos of training signers only (Massey hand1-hand2, digits groups 0-119, as
 * `npm run calibrate:landmarks` uses), each made a 320x240 webcam frame as the browser sends it
 * (letterboxed on black, JPEG quality 80). The hand's rect is the one live tracking crops; the
 * served model reads that rect at 224 and at --size, as taken and mirrored (every other live
 * frame), and a line is fitted per axis. Prints the mean absolute difference per axis before and
 * after the map, in the model's 224-pixel frame.
 * Usage: npm run fit:crop-size [-- --size 192] [--photos 240] [--check] [--out FILE]
 *   --check fits again and fails (exit 1) when the committed map differs by more than 0.01 / 0.1 px;
 *   --out writes the maps to FILE (read first when it exists) instead of crop-readings.json.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { format, resolveConfig } from 'prettier';
import { ensureModels } from './convert/ensure-models.js';
import { sharedDir } from '../shared-dir.mjs';
import { trainingSignerPhotos } from './training-photos.js';
import { createHandPipeline } from '../../apps/server/src/recognition/landmarks/pipeline.js';
import { LIVE_PIPELINE_OPTIONS } from '../../packages/recognition/src/landmarks/live.js';
import { landmarkCrop } from '../../packages/recognition/src/landmarks/hand-pipeline.js';
import { ImagePyramid } from '../../packages/recognition/src/landmarks/warp.js';
import { borderColor } from '../../packages/recognition/src/landmarks/image.js';
import {
  fitLine,
  mapReading,
  MODEL_CROP,
  type CropReadingsFile,
  type ReadingMap,
} from '../../packages/recognition/src/landmarks/crop-size.js';
import { argReader } from './train/recipe.js';
import { webcamFrame } from './live-hold.js';

const COMMITTED = path.resolve(import.meta.dirname, '../../packages/recognition/src/landmarks/crop-readings.json');
const arg = argReader(process.argv.slice(2));
const READINGS_FILE = path.resolve(arg.opt('--out') ?? COMMITTED);
const size = Number(arg.opt('--size') ?? '192');
const nPhotos = Number(arg.opt('--photos') ?? '240');
const check = arg.flag('--check');
const photos = path.join(sharedDir(), 'data', 'photos');
const modelDir = path.resolve(import.meta.dirname, '../../.cache/models');
const VARIANT = 'full-int8';

const files = await trainingSignerPhotos(photos, nPhotos);

await ensureModels(modelDir);
const session = await ort.InferenceSession.create(path.join(modelDir, `handlandmark-${VARIANT}.onnx`), {
  intraOpNumThreads: 1,
});
const read = async (
  pyr: ImagePyramid,
  rect: Parameters<typeof landmarkCrop>[1],
  border: [number, number, number],
  mirror: boolean,
  s: number,
) => {
  const x = landmarkCrop(pyr, rect, border, undefined, mirror, s);
  const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', x, [1, s, s, 3]) });
  return out.Identity!.data as Float32Array;
};

const tracker = await createHandPipeline({
  ...LIVE_PIPELINE_OPTIONS,
  landmarkSize: MODEL_CROP,
  modelDir,
  variant: VARIANT,
});
// per axis: the small crop's values and the 224 crop's (x and y about the centre)
const got: number[][] = [[], [], []];
const want: number[][] = [[], [], []];
const pairs: Array<[Float32Array, Float32Array]> = [];
for (const file of files) {
  const img = await webcamFrame(file);
  const first = await tracker.process({ rgb: img });
  const rect = first.track?.rects[0];
  if (!rect) continue;
  const pyr = new ImagePyramid(img);
  const border = borderColor(img);
  for (const mirror of [false, true]) {
    const a = await read(pyr, rect, border, mirror, MODEL_CROP);
    const b = await read(pyr, rect, border, mirror, size);
    pairs.push([a, b]);
    for (let i = 0; i < a.length; i++) {
      const c = i % 3 < 2 ? MODEL_CROP / 2 : 0;
      got[i % 3]!.push(b[i]! - c);
      want[i % 3]!.push(a[i]! - c);
    }
  }
}
await tracker.close();
await session.release();

const [x, y, z] = [0, 1, 2].map((k) => fitLine(got[k]!, want[k]!)) as [
  [number, number],
  [number, number],
  [number, number],
];
const round = (v: [number, number]): [number, number] => [Number(v[0].toFixed(4)), Number(v[1].toFixed(3))];
const map: ReadingMap = { x: round(x), y: round(y), z: round(z) };
const meanAbs = (m: ReadingMap | null): number[] => {
  const sum = [0, 0, 0];
  for (const [a, b0] of pairs) {
    const b = m ? mapReading(Float32Array.from(b0), m) : b0;
    for (let i = 0; i < a.length; i++) sum[i % 3]! += Math.abs(a[i]! - b[i]!);
  }
  return sum.map((s) => Number((s / (pairs.length * 21)).toFixed(2)));
};
const entry = { ...map, crops: pairs.length, meanAbsError: { before: meanAbs(null), after: meanAbs(map) } };
console.log(
  `${size} px crop, ${pairs.length} crops (${files.length} photos, as taken and mirrored): x ${map.x.join(', ')}; y ${map.y.join(', ')}; z ${map.z.join(', ')}`,
);
console.log(
  `mean |difference| from the 224 crop (x, y, z px): before ${entry.meanAbsError.before.join(', ')}, after ${entry.meanAbsError.after.join(', ')}`,
);

const current = JSON.parse(
  await readFile(READINGS_FILE, 'utf8').catch(() => readFile(COMMITTED, 'utf8')),
) as CropReadingsFile;
if (check) {
  const old = current.maps[String(size)];
  const off = (k: 'x' | 'y' | 'z') =>
    !old || Math.abs(old[k][0] - map[k][0]) > 0.01 || Math.abs(old[k][1] - map[k][1]) > 0.1;
  if (off('x') || off('y') || off('z')) {
    console.error(`crop-readings.json's ${size} map differs from this fit`);
    process.exit(1);
  }
  console.log('crop-readings.json agrees');
} else {
  const next: CropReadingsFile = {
    fittedOn: `the served ${VARIANT} landmark model; photos of training signers (Massey hand1-hand2, digits groups 0-119) as 320x240 webcam frames`,
    maps: { ...current.maps, [String(size)]: entry },
  };
  const config = await resolveConfig(READINGS_FILE);
  await writeFile(READINGS_FILE, await format(JSON.stringify(next), { ...config, filepath: READINGS_FILE }));
  console.log(`-> ${READINGS_FILE}`);
}
