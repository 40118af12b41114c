/** Loads the landmark CSVs and the extracted photo landmarks into one sample list. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  NUM_LANDMARKS,
  type Handedness,
  type Landmark,
} from '../../../packages/recognition/src/handshape/normalize.js';
import { shapeClassOf } from '../../../packages/recognition/src/handshape/labels.js';
import { sharedDir } from '../../shared-dir.mjs';
import { LANDMARK_VARIANTS, type LandmarkVariant } from '../../../packages/recognition/src/landmarks/hand-pipeline.js';

/** `reports`: learners' reports a person reviewed and labelled (reviewed-reports.ts), training rows only. */
export type Source = 'boris' | 'siruyy' | 'signn' | 'aslnow' | 'massey' | 'digits' | 'aslhg' | 'reports';
/** The landmark CSV sets (rows of 21 points as recorded by their authors). */
export type LandmarkSource = 'boris' | 'siruyy' | 'signn' | 'aslnow';
export const LANDMARK_SOURCES: readonly LandmarkSource[] = ['boris', 'siruyy', 'signn', 'aslnow'];
/** The photo sets, read by the project's own landmark pipeline (npm run extract:landmarks). */
export type PhotoSource = 'massey' | 'digits' | 'aslhg';
export const PHOTO_SOURCES: readonly PhotoSource[] = ['massey', 'digits', 'aslhg'];

export interface Sample {
  source: Source;
  signer: string;
  /** original label (upper-case letter or digit) */
  label: string;
  /** shape class (network output) */
  shape: string;
  /** 42 numbers, x and y in the same units */
  xy: Float64Array;
  /** 63 numbers when z is known */
  z: Float64Array | null;
  handedness: Handedness;
  /** landmark pipeline's hand score (photos only) */
  score?: number;
  /** the photo's path in its set (photos only): pairs a photo's readings */
  file?: string;
}

/** A sample's 21 points as the classifier takes them (z when the sample has depth). */
export function landmarksOfSample(s: Sample): Landmark[] {
  return Array.from({ length: NUM_LANDMARKS }, (_, i) => ({
    x: s.xy[2 * i]!,
    y: s.xy[2 * i + 1]!,
    z: s.z ? s.z[i] : undefined,
  }));
}

export interface PhotoRow {
  source: string;
  file: string;
  label: string;
  signer: string;
  detected: boolean;
}

/**
 * The landmark CSVs store x/width and y/height; x is multiplied by the frame's
 * width/height to get back square units. boris and siruyy are landscape 4:3 webcams.
 * signn's palms come out about twice as wide as the others' under 4:3 (median
 * index-pinky MCP width / wrist-middle MCP length for B: 0.93 vs 0.48 and 0.42), which
 * fits portrait 3:4 frames (then 0.52). The remaining uncertainty is covered by
 * aspect augmentation. aslnow (each participant's own browser video, aspect not recorded) fits
 * square units as given: its median B ratio is 0.46 at x1 (0.59 at 4:3, 0.76 at 16:9), beside
 * boris 0.49 and siruyy 0.44 at 4:3.
 * Against the photo sets (square units, as live practice reads a webcam) all four are narrower
 * still: `npm run fit:csv-aspect` finds x1.18-1.30 more. Training with those factors read no
 * held-out source better (model card, "Tried after v6"), so these constants stay.
 */
export const CSV_ASPECT: Readonly<Record<LandmarkSource, number>> = {
  boris: 4 / 3,
  siruyy: 4 / 3,
  signn: 3 / 4,
  aslnow: 1,
};
export const PLACEHOLDER_REPEATS = 5;

const here = fileURLToPath(new URL('.', import.meta.url));
export function defaultDataDir(): string {
  if (process.env.ASL_DATA_DIR) return process.env.ASL_DATA_DIR;
  return resolve(sharedDir(), 'data');
}
export function defaultExtractedDir(): string {
  return process.env.ASL_EXTRACTED_DIR ?? resolve(here, '../../../.cache/extracted');
}

/**
 * Where `npm run extract:landmarks -- --variant V` writes the photos' landmarks: the default
 * (full) model's straight into the extracted folder, another model's in a subfolder named after it.
 */
export function extractedDirFor(variant: LandmarkVariant): string {
  return variant === 'full' ? defaultExtractedDir() : join(defaultExtractedDir(), variant);
}

/** Where `npm run extract:landmarks -- --mirrored` writes the model's readings of the photos' mirror images. */
export function mirroredDirFor(variant: LandmarkVariant): string {
  return join(extractedDirFor(variant), 'mirrored');
}

/** The photo sets' mirrored readings by a landmark model (those extracted; none when missing). */
export function loadMirrored(variant: LandmarkVariant, sources: readonly PhotoSource[] = PHOTO_SOURCES): Sample[] {
  return sources.flatMap((s) => loadExtracted(s, mirroredDirFor(variant))?.samples ?? []);
}

/**
 * Each photo sample's mirrored reading (same source and file), where `mirrored` has one: the
 * second reading `npm run recognize` averages with the first.
 */
export function pairMirrored(samples: readonly Sample[], mirrored: readonly Sample[]): Map<Sample, Sample> {
  const byFile = new Map(mirrored.filter((m) => m.file).map((m) => [`${m.source}|${m.file}`, m]));
  const out = new Map<Sample, Sample>();
  for (const s of samples) {
    const m = s.file ? byFile.get(`${s.source}|${s.file}`) : undefined;
    if (m) out.set(s, m);
  }
  return out;
}

function readCsv(path: string): { header: string[]; rows: string[][] } {
  const lines = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.length > 0);
  return { header: lines[0].split(','), rows: lines.slice(1).map((l) => l.split(',')) };
}

function coords(header: string[], row: string[], xScale: number): { xy: Float64Array; z: Float64Array | null } | null {
  const xy = new Float64Array(2 * NUM_LANDMARKS);
  const hasZ = header.includes('z0');
  const z = hasZ ? new Float64Array(NUM_LANDMARKS) : null;
  for (let i = 0; i < NUM_LANDMARKS; i++) {
    const x = Number(row[header.indexOf(`x${i}`)]);
    const y = Number(row[header.indexOf(`y${i}`)]);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
    xy[2 * i] = x * xScale;
    xy[2 * i + 1] = y;
    if (z) z[i] = Number(row[header.indexOf(`z${i}`)]) * xScale;
  }
  return { xy, z };
}

export function loadLandmarkSet(source: LandmarkSource, dataDir = defaultDataDir()): Sample[] {
  const file = {
    boris: 'landmarks/boris/asl_landmarks_raw.csv',
    siruyy: 'landmarks/siruyy/siruyy_landmarks_raw.csv',
    signn: 'landmarks/signn/signn_landmarks_xy.csv',
    aslnow: 'landmarks/aslnow/aslnow.csv',
  }[source];
  const { header, rows } = readCsv(join(dataDir, file));
  const out: Sample[] = [];
  // signn holds 758 copies of one constant vector (a placeholder written when no hand was
  // found); any coordinate vector repeated this often is dropped.
  const start = header.indexOf('x0');
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = row.slice(start).join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const row of rows) {
    if ((counts.get(row.slice(start).join(',')) ?? 0) >= PLACEHOLDER_REPEATS) continue;
    const label = row[0].trim().toUpperCase();
    const shape = shapeClassOf(label);
    if (!shape) continue; // J and Z still frames: motion letters, not static classes
    const c = coords(header, row, CSV_ASPECT[source]);
    if (!c) continue;
    out.push({ source, signer: source, label, shape, xy: c.xy, z: c.z, handedness: 'Unknown' });
  }
  return out;
}

function parseHandedness(s: string | undefined): Handedness {
  const t = (s ?? '').trim().toLowerCase();
  if (t.startsWith('l')) return 'Left';
  if (t.startsWith('r')) return 'Right';
  return 'Unknown';
}

/** Extracted photo landmarks: returns detected samples and every row (for detection rate). */
export function loadExtracted(
  name: PhotoSource,
  dir = defaultExtractedDir(),
): { samples: Sample[]; rows: PhotoRow[] } | null {
  const path = join(dir, `${name}.csv`);
  if (!existsSync(path)) return null;
  const { header, rows } = readCsv(path);
  const col = (r: string[], n: string) => r[header.indexOf(n)];
  const samples: Sample[] = [];
  const all: PhotoRow[] = [];
  for (const row of rows) {
    const label = (col(row, 'label') ?? '').trim().toUpperCase();
    const signer = (col(row, 'signer') ?? '').trim();
    const detected = col(row, 'detected')?.trim() === '1';
    all.push({ source: name, file: col(row, 'file'), label, signer, detected });
    if (!detected) continue;
    const shape = shapeClassOf(label);
    if (!shape) continue;
    const c = coords(header, row, 1);
    if (!c) continue;
    samples.push({
      source: name,
      signer,
      label,
      shape,
      xy: c.xy,
      z: c.z,
      handedness: parseHandedness(col(row, 'handedness')),
      score: header.includes('score') ? Number(col(row, 'score')) : undefined,
      file: col(row, 'file'),
    });
  }
  return { samples, rows: all };
}

/**
 * Other landmark models' readings of the same photos (massey, digits, aslhg: those present; a warning names the missing), as extra training rows:
 * each entry is a landmark variant (read from extractedDirFor) or a folder. Missing files are an
 * error that says how to make them.
 */
export function loadExtraReadings(entries: readonly string[]): Sample[] {
  return entries.flatMap((entry) => {
    const isVariant = (LANDMARK_VARIANTS as readonly string[]).includes(entry);
    const dir = isVariant ? extractedDirFor(entry as LandmarkVariant) : entry;
    const sets = PHOTO_SOURCES.map((name) => ({ name, set: loadExtracted(name, dir) }));
    if (sets.every((x) => !x.set))
      throw new Error(
        `no massey.csv and digits.csv in ${dir}: ${isVariant ? `npm run extract:landmarks -- --variant ${entry}` : 'extract them there first'}`,
      );
    const missing = sets.filter((x) => !x.set).map((x) => x.name);
    if (missing.length) console.warn(`extra readings ${entry}: no ${missing.join(', ')} (only the others' are used)`);
    return sets.flatMap((x) => x.set?.samples ?? []);
  });
}

/** Digits dataset signer groups are numbers; Massey signers are hand1..hand4. */
export function digitsGroup(signer: string): number {
  const n = Number(signer.replace(/[^0-9]/g, ''));
  return Number.isFinite(n) ? n : -1;
}

export type Role = 'train' | 'val' | 'test';

/** The ASL-HG signer in the validation split (early stopping, temperature and the `sure` threshold). */
export const ASLHG_VAL_SIGNER = 'P10';

/**
 * Split by signer. Test (never trained or tuned on): Massey hand4, digits groups 140-175.
 * Validation (model selection / early stopping, calibration): Massey hand3, digits groups
 * 120-139 and ASL-HG signer P10 when the photo landmarks exist; otherwise the multi-signer signn set.
 */
export function roleOf(s: Sample, photosAvailable: boolean): Role {
  if (s.source === 'massey') {
    if (s.signer === 'hand4') return 'test';
    return s.signer === 'hand3' ? 'val' : 'train';
  }
  if (s.source === 'digits') {
    const g = digitsGroup(s.signer);
    if (g >= 140) return 'test';
    return g >= 120 ? 'val' : 'train';
  }
  if (s.source === 'aslhg') return s.signer === ASLHG_VAL_SIGNER ? 'val' : 'train';
  if (!photosAvailable && s.source === 'signn') return 'val';
  return 'train';
}
