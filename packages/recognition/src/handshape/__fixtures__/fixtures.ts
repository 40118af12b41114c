/** Loads the real-sample fixture for tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Landmark } from '../normalize.js';

export interface FixtureSample {
  source: string;
  label: string;
  landmarks: Landmark[];
}

const raw = JSON.parse(readFileSync(fileURLToPath(new URL('./samples.json', import.meta.url)), 'utf8')) as {
  samples: { source: string; label: string; points: number[][] }[];
};

export const FIXTURES: FixtureSample[] = raw.samples.map((s) => ({
  source: s.source,
  label: s.label,
  landmarks: s.points.map(([x, y]) => ({ x, y })),
}));

export function samplesOf(label: string, source?: string): FixtureSample[] {
  return FIXTURES.filter((s) => s.label === label && (!source || s.source === source));
}

export function mirrorX(lm: readonly Landmark[], width = 1000): Landmark[] {
  return lm.map((p) => ({ ...p, x: width - p.x }));
}

/**
 * The hand flat in the image plane (z 0) with its index bent forward at the knuckle by `deg`
 * toward the camera: foreshortened in the image, still straight in 3-D.
 */
export function indexTowardCamera(lm: readonly Landmark[], deg: number): Landmark[] {
  const bend = (deg * Math.PI) / 180;
  const m = lm[5];
  return lm.map((p, i) =>
    i >= 5 && i <= 8
      ? {
          x: m.x + Math.cos(bend) * (p.x - m.x),
          y: m.y + Math.cos(bend) * (p.y - m.y),
          z: -Math.sin(bend) * Math.hypot(p.x - m.x, p.y - m.y),
        }
      : { x: p.x, y: p.y, z: 0 },
  );
}
