/**
 * Reads a TensorFlow.js graph model (model.json + weight shards) into plain typed arrays,
 * de-quantizing uint8/uint16 (scale/min) and float16 weights to float32.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface TfAttrValue {
  s?: string;
  i?: string | number;
  f?: number;
  b?: boolean;
  type?: string;
  list?: { s?: string[]; i?: Array<string | number>; f?: number[] };
  shape?: unknown;
  tensor?: unknown;
}
export interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttrValue>;
}
export interface WeightEntry {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32' | 'float16' | 'bool' | string;
  quantization?: { dtype: 'uint8' | 'uint16' | 'float16'; scale?: number; min?: number };
}
export interface ModelJson {
  format?: string;
  modelTopology: { node: TfNode[] };
  signature?: {
    inputs?: Record<string, { name: string; tensorShape?: { dim?: Array<{ size: string }> } }>;
    outputs?: Record<string, { name: string }>;
  };
  weightsManifest: Array<{ paths: string[]; weights: WeightEntry[] }>;
}
export interface Weight {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32';
  data: Float32Array | Int32Array;
}
export interface TfGraph {
  model: ModelJson;
  weights: Map<string, Weight>;
}

/** IEEE 754 half -> float */
export function halfToFloat(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f;
  const f = h & 0x3ff;
  if (e === 0) return s * 2 ** -14 * (f / 1024);
  if (e === 31) return f ? NaN : s * Infinity;
  return s * 2 ** (e - 15) * (1 + f / 1024);
}

export function decodeWeights(entries: WeightEntry[], buf: Uint8Array): Map<string, Weight> {
  const out = new Map<string, Weight>();
  let off = 0;
  for (const e of entries) {
    const n = e.shape.reduce((a, b) => a * b, 1);
    const q = e.quantization;
    const bytesPer = q ? (q.dtype === 'uint8' ? 1 : 2) : e.dtype === 'float16' ? 2 : 4;
    if (off + n * bytesPer > buf.byteLength)
      throw new Error(`weight bytes mismatch: ${e.name} needs ${off + n * bytesPer}, have ${buf.byteLength}`);
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    if (e.dtype === 'int32' && !q) {
      const d = new Int32Array(n);
      for (let k = 0; k < n; k++) d[k] = view.getInt32(off + 4 * k, true);
      off += 4 * n;
      out.set(e.name, { name: e.name, shape: e.shape, dtype: 'int32', data: d });
      continue;
    }
    const d = new Float32Array(n);
    if (q?.dtype === 'float16' || (!q && e.dtype === 'float16')) {
      for (let k = 0; k < n; k++) d[k] = halfToFloat(view.getUint16(off + 2 * k, true));
      off += 2 * n;
    } else if (q?.dtype === 'uint8') {
      for (let k = 0; k < n; k++) d[k] = buf[off + k] * (q.scale ?? 1) + (q.min ?? 0);
      off += n;
    } else if (q?.dtype === 'uint16') {
      for (let k = 0; k < n; k++) d[k] = view.getUint16(off + 2 * k, true) * (q.scale ?? 1) + (q.min ?? 0);
      off += 2 * n;
    } else if (!q && e.dtype === 'float32') {
      for (let k = 0; k < n; k++) d[k] = view.getFloat32(off + 4 * k, true);
      off += 4 * n;
    } else {
      throw new Error(`unsupported weight ${e.name}: dtype ${e.dtype} quantization ${q?.dtype}`);
    }
    if (e.dtype === 'int32') {
      // quantized int32 weights (rare): round back to ints
      out.set(e.name, { name: e.name, shape: e.shape, dtype: 'int32', data: Int32Array.from(d, Math.round) });
    } else {
      out.set(e.name, { name: e.name, shape: e.shape, dtype: 'float32', data: d });
    }
  }
  if (off !== buf.byteLength) throw new Error(`weight bytes mismatch: consumed ${off}, have ${buf.byteLength}`);
  return out;
}

export async function readTfGraph(modelJsonPath: string): Promise<TfGraph & { sourceBytes: Uint8Array[] }> {
  const jsonBytes = await readFile(modelJsonPath);
  const model = JSON.parse(jsonBytes.toString('utf8')) as ModelJson;
  const dir = path.dirname(modelJsonPath);
  const entries: WeightEntry[] = [];
  const shards: Uint8Array[] = [];
  for (const group of model.weightsManifest) {
    entries.push(...group.weights);
    for (const p of group.paths) shards.push(await readFile(path.join(dir, p)));
  }
  const total = shards.reduce((a, s) => a + s.byteLength, 0);
  const all = new Uint8Array(total);
  let o = 0;
  for (const s of shards) {
    all.set(s, o);
    o += s.byteLength;
  }
  return { model, weights: decodeWeights(entries, all), sourceBytes: [jsonBytes, ...shards] };
}

export const attrStr = (a?: TfAttrValue): string => (a?.s ? Buffer.from(a.s, 'base64').toString('utf8') : '');
export const attrList = (a?: TfAttrValue): number[] => (a?.list?.i ?? []).map(Number);
export const attrStrList = (a?: TfAttrValue): string[] =>
  (a?.list?.s ?? []).map((s) => Buffer.from(s, 'base64').toString('utf8'));
