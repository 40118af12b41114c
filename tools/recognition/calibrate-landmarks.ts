/**
 * Calibrates the int8 landmark model: runs the float landmark-full model over hand crops from
 * photos of training signers only (Massey hand1-hand2, digits groups 0-119; never a validation or
 * test signer) and writes the activation ranges to convert/calibration/handlandmark-full.json,
 * which `npm run models` uses to build handlandmark-full-int8.onnx.
 * Usage: npm run calibrate:landmarks [-- --photos 240]
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { format, resolveConfig } from 'prettier';
import { CALIBRATION_FILE, ensureModels } from './convert/ensure-models.js';
import { sharedDir } from '../shared-dir.mjs';
import { trainingSignerPhotos } from './training-photos.js';
import { decodeModel, encodeModel } from './convert/onnx-proto.js';
import { foldConvBias } from './convert/quantize.js';
import { calibrationPlan, collectRanges, rangesToJson, type CalibrationFile } from './convert/calibrate.js';
import { createRecognizer } from './recognize/batch.js';
import { decodeImage } from '../../apps/server/src/recognition/landmarks/image.js';
import { ImagePyramid } from '../../packages/recognition/src/landmarks/warp.js';
import { landmarksToRect } from '../../packages/recognition/src/landmarks/crop.js';
import { landmarkCrop } from '../../packages/recognition/src/landmarks/hand-pipeline.js';
import { borderColor } from '../../packages/recognition/src/landmarks/image.js';

const args = process.argv.slice(2);
const flag = (n: string, d: string): string => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : d;
};
const nPhotos = Number(flag('--photos', '240'));
const modelDir = path.resolve(flag('--models', path.join(import.meta.dirname, '../../.cache/models')));
const photos = path.resolve(flag('--data', path.join(sharedDir(), 'data', 'photos')));

const files = await trainingSignerPhotos(photos, nPhotos);

await ensureModels(modelDir, { lite: false, int8: false });
const floatFile = path.join(modelDir, 'handlandmark-full.onnx');
const floatHash = (await readFile(`${floatFile}.sha256`, 'utf8')).trim();
const plan = calibrationPlan(foldConvBias(decodeModel(await readFile(floatFile))));
const session = await ort.InferenceSession.create(encodeModel(plan.model), {
  intraOpNumThreads: 1,
  graphOptimizationLevel: 'all',
});

// two crops per detected hand, as the live pipeline makes them: from the palm box and from the landmarks
async function* crops(): AsyncGenerator<Float32Array> {
  const rec = await createRecognizer({ modelDir, intraOpThreads: 1 });
  for await (const r of rec.recognize(files)) {
    const h = r.hands[0];
    if (!h) continue;
    const img = await decodeImage(await readFile(r.file));
    const pyr = new ImagePyramid(img);
    const border = borderColor(img);
    for (const rect of [h.rect, landmarksToRect(h.landmarks)]) yield landmarkCrop(pyr, rect, border);
  }
  await rec.close();
}
let n = 0;
const ranges = await collectRanges(
  async (x) => {
    n++;
    const out = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', x, [1, 224, 224, 3]) });
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.data as Float32Array]));
  },
  plan.tensors,
  crops(),
);
const file: CalibrationFile = {
  model: 'handlandmark-full.json',
  floatHash,
  method: 'min-max',
  crops: n,
  photos: `${files.length} photos of training signers (Massey hand1-hand2, digits groups 0-119)`,
  ranges: rangesToJson(ranges),
};
// written as the repository's formatter writes JSON, so the lint passes on a fresh calibration
const prettierConfig = await resolveConfig(CALIBRATION_FILE);
await writeFile(
  CALIBRATION_FILE,
  await format(JSON.stringify(file), { ...prettierConfig, filepath: CALIBRATION_FILE }),
);
console.log(`${plan.tensors.length} tensors calibrated on ${n} crops -> ${CALIBRATION_FILE}`);
