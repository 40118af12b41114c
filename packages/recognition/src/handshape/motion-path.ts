/**
 * Drawn paths: the J and Z templates, and how a fingertip's path is resampled, smoothed, sized and
 * compared to them. Paths are in (towardThumb, down) coordinates.
 */

export type MotionLetter = 'J' | 'Z';

export type Pt = [number, number];

/** Paths in (towardThumb, down) coordinates. */
export const MOTION_TEMPLATES: Record<MotionLetter, Pt[]> = {
  J: [
    [0, 0],
    [0, 0.35],
    [0, 0.7],
    [0.05, 0.85],
    [0.15, 0.95],
    [0.3, 1.0],
    [0.45, 0.95],
    [0.55, 0.85],
  ],
  Z: [
    [0, 0],
    [-1, 0],
    [0, 1],
    [-1, 1],
  ],
};

const N = 32;

export function resample(path: Pt[], n = N): Pt[] {
  const lens = [0];
  for (let i = 1; i < path.length; i++)
    lens.push(lens[i - 1] + Math.hypot(path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1]));
  const total = lens[lens.length - 1];
  if (total === 0) return Array.from({ length: n }, () => [path[0][0], path[0][1]] as Pt);
  const out: Pt[] = [];
  let j = 0;
  for (let k = 0; k < n; k++) {
    const target = (total * k) / (n - 1);
    while (j < path.length - 2 && lens[j + 1] < target) j++;
    const seg = lens[j + 1] - lens[j];
    const t = seg > 0 ? (target - lens[j]) / seg : 0;
    out.push([path[j][0] + t * (path[j + 1][0] - path[j][0]), path[j][1] + t * (path[j + 1][1] - path[j][1])]);
  }
  return out;
}

/**
 * Start at the origin and scale so the larger bounding-box side is 1 (aspect kept), or, `perAxis`,
 * each side to 1 (a Z is a Z however wide people draw it).
 */
export function normalizePath(path: Pt[], perAxis = false): Pt[] {
  const xs = path.map((p) => p[0]);
  const ys = path.map((p) => p[1]);
  const w = Math.max(...xs) - Math.min(...xs);
  const h = Math.max(...ys) - Math.min(...ys);
  const size = Math.max(w, h, 1e-9);
  const [sx, sy] = perAxis ? [Math.max(w, 1e-9), Math.max(h, 1e-9)] : [size, size];
  return path.map((p) => [(p[0] - path[0][0]) / sx, (p[1] - path[0][1]) / sy]);
}

/** Letters matched with each axis scaled alone (Z), and the drawing's height over width they allow. */
export const PER_AXIS: Partial<Record<MotionLetter, readonly [number, number]>> = { Z: [0.4, 2.5] };

function rotated(path: Pt[], deg: number): Pt[] {
  const c = Math.cos((deg * Math.PI) / 180);
  const s = Math.sin((deg * Math.PI) / 180);
  return path.map(([x, y]) => [c * x - s * y, s * x + c * y]);
}

/** Mean distance of the path to the letter's template (both resampled and scaled to unit size). */
export function templateDistance(path: Pt[], letter: MotionLetter, maxSlantDeg = 0): number {
  const a = normalizePath(resample(path), PER_AXIS[letter] !== undefined);
  let best = Infinity;
  for (const b of slantedTemplates(letter, maxSlantDeg)) {
    let s = 0;
    for (let i = 0; i < N; i++) s += Math.hypot(a[i][0] - b[i][0], a[i][1] - b[i][1]);
    best = Math.min(best, s / N);
  }
  return best;
}

const templateCache = new Map<string, Pt[][]>();

/** The letter's template resampled and scaled, upright and slanted in 10-degree steps (computed once). */
function slantedTemplates(letter: MotionLetter, maxSlantDeg: number): Pt[][] {
  const key = `${letter} ${maxSlantDeg}`;
  let out = templateCache.get(key);
  if (!out) {
    out = [];
    const steps = Math.ceil(maxSlantDeg / 10);
    for (let k = -steps; k <= steps; k++)
      out.push(
        normalizePath(
          resample(rotated(MOTION_TEMPLATES[letter], steps ? (k * maxSlantDeg) / steps : 0)),
          PER_AXIS[letter] !== undefined,
        ),
      );
    templateCache.set(key, out);
  }
  return out;
}

export function smooth(path: Pt[], k = 2): Pt[] {
  return path.map((_, i) => {
    let sx = 0;
    let sy = 0;
    let c = 0;
    for (let j = Math.max(0, i - k); j <= Math.min(path.length - 1, i + k); j++) {
      sx += path[j][0];
      sy += path[j][1];
      c++;
    }
    return [sx / c, sy / c] as Pt;
  });
}

/** The bounding-box width and height of n points, point i at (x(i), y(i)). */
export function boxSize(n: number, x: (i: number) => number, y: (i: number) => number): [number, number] {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const xi = x(i);
    const yi = y(i);
    if (xi < x0) x0 = xi;
    if (xi > x1) x1 = xi;
    if (yi < y0) y0 = yi;
    if (yi > y1) y1 = yi;
  }
  return [x1 - x0, y1 - y0];
}

/** The bounding-box diagonal of n points, point i at (x(i), y(i)). */
export const boxDiagonal = (n: number, x: (i: number) => number, y: (i: number) => number): number =>
  Math.hypot(...boxSize(n, x, y));

/** The path's bounding-box height over its width. */
export function heightOverWidth(path: readonly Pt[]): number {
  const [w, h] = boxSize(
    path.length,
    (i) => path[i][0],
    (i) => path[i][1],
  );
  return h / Math.max(w, 1e-9);
}

/** The path's bounding-box diagonal. */
export const diagonal = (path: readonly Pt[]): number =>
  boxDiagonal(
    path.length,
    (i) => path[i][0],
    (i) => path[i][1],
  );
