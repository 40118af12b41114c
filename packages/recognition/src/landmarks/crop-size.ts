/**
 * Reading the landmark model from a crop smaller than its own 224 pixels.
 *
 * The model ends in global pooling, so it takes a crop of any multiple of 32 pixels, and its
 * outputs stay in its own 224-pixel frame: it reads where the joints are relative to the crop. A
 * smaller crop is not read exactly alike, though: measured on hand crops, a 192 crop's x comes
 * out about 8% wider and 4 pixels to one side, y and z nearly the same. The error is in the
 * model's frame, so a mirrored crop (every other live frame) gets it the other way, and readings
 * would jitter from frame to frame. A per-axis linear map, fitted by
 * `npm run fit:crop-size` on crops of training signers and written to crop-readings.json, takes
 * the smaller crop's reading to the 224 crop's.
 */
import readings from './crop-readings.json';

/** value -> a * (value - centre) + centre + b on each axis (centre 112 for x and y, 0 for z) */
export interface ReadingMap {
  x: [number, number];
  y: [number, number];
  z: [number, number];
}

export interface CropReadingsFile {
  /** what the maps were fitted on */
  fittedOn: string;
  maps: Record<string, ReadingMap & { crops: number; meanAbsError: { before: number[]; after: number[] } }>;
}

/** the side of the crop the model was trained on, pixels */
export const MODEL_CROP = 224;
const CENTRE = MODEL_CROP / 2;

/** The fitted map for a crop of `size` pixels (identity for the model's own size). */
export function readingMapFor(size: number, file = readings as unknown as CropReadingsFile): ReadingMap {
  if (size === MODEL_CROP) return { x: [1, 0], y: [1, 0], z: [1, 0] };
  if (size % 32 !== 0) throw new Error(`a landmark crop is a multiple of 32 pixels, not ${size}`);
  const m = file.maps[String(size)];
  if (!m)
    throw new Error(`no landmark reading map for a ${size} px crop: run \`npm run fit:crop-size -- --size ${size}\``);
  return { x: m.x, y: m.y, z: m.z };
}

/** Applies the map in place to the model's 21 x (x, y, z) output. */
export function mapReading(raw: Float32Array, m: ReadingMap): Float32Array {
  for (let i = 0; i < raw.length; i += 3) {
    raw[i] = m.x[0] * (raw[i]! - CENTRE) + CENTRE + m.x[1];
    raw[i + 1] = m.y[0] * (raw[i + 1]! - CENTRE) + CENTRE + m.y[1];
    raw[i + 2] = m.z[0] * raw[i + 2]! + m.z[1];
  }
  return raw;
}

/** Least-squares a, b of want ≈ a * got + b. */
export function fitLine(got: ArrayLike<number>, want: ArrayLike<number>): [number, number] {
  let sx = 0,
    sy = 0,
    sxx = 0,
    sxy = 0;
  const n = got.length;
  for (let i = 0; i < n; i++) {
    sx += got[i]!;
    sy += want[i]!;
    sxx += got[i]! * got[i]!;
    sxy += got[i]! * want[i]!;
  }
  const a = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  return [a, (sy - a * sx) / n];
}
