// Makes the "target handshape" pictures the practice screen shows next to the video:
// one photo per letter and digit from the Massey ASL data set (signer hand2, front view),
// downscaled to 200 px WebP in apps/web/public/handshapes/. Run once; the output is committed
// with its credit (apps/web/public/handshapes/CREDITS.md).
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { sharedDir } from './shared-dir.mjs';

const data = resolve(sharedDir(), 'data', 'photos', 'massey');
const out = resolve(import.meta.dirname, '..', 'apps', 'web', 'public', 'handshapes');
mkdirSync(out, { recursive: true });
const rows = readFileSync(join(data, 'manifest.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split(','));
const labels = [...new Set(rows.map((r) => r[1]))].sort();
for (const label of labels) {
  const pick =
    rows.find((r) => r[1] === label && r[2] === 'hand2' && r[3] === 'bot' && r[4] === '3') ??
    rows.find((r) => r[1] === label && r[2] === 'hand2') ??
    rows.find((r) => r[1] === label);
  await sharp(join(data, pick[0]))
    .resize(200, 200, { fit: 'contain', background: '#000' })
    .webp({ quality: 72 })
    .toFile(join(out, `${label}.webp`));
}
console.log(`wrote ${labels.length} pictures to ${out}`);
