/**
 * Writes a small fixture of real labelled landmark samples for the unit tests:
 * packages/recognition/src/handshape/__fixtures__/samples.json
 * (boris MIT, siruyy MIT, signn Apache-2.0; see ../licenses). x is in 4:3 / 3:4 corrected
 * units as in data.ts, multiplied by 480 so the numbers look like pixels.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadLandmarkSet, type Sample } from './data.js';

const PER_LABEL = 4;
const out: { source: string; label: string; points: number[][] }[] = [];
for (const src of ['boris', 'siruyy', 'signn'] as const) {
  // J and Z are not static classes, so loadLandmarkSet drops them; keep boris Z (index shape) separately
  const all: Sample[] = loadLandmarkSet(src);
  const labels = [...new Set(all.map((s) => s.label))].sort();
  for (const l of labels) {
    const rows = all.filter((s) => s.label === l);
    for (let k = 0; k < PER_LABEL; k++) {
      const s = rows[Math.floor(((k + 0.5) * rows.length) / PER_LABEL)];
      out.push({
        source: src,
        label: l,
        points: Array.from({ length: 21 }, (_, i) => [
          +(s.xy[2 * i] * 480).toFixed(2),
          +(s.xy[2 * i + 1] * 480).toFixed(2),
        ]),
      });
    }
  }
}
const path = fileURLToPath(
  new URL('../../../packages/recognition/src/handshape/__fixtures__/samples.json', import.meta.url),
);
writeFileSync(
  path,
  JSON.stringify({
    note: 'Real samples from boris (MIT), siruyy (MIT), signn (Apache-2.0); see ../licenses',
    samples: out,
  }),
);
console.log(`wrote ${out.length} samples to ${path}`);
