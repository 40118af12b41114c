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
