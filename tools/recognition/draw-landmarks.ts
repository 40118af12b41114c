/**
 * Debug view: draws the pipeline's landmarks on photos into one PNG grid (300 px tiles).
 * Usage: tsx tools/recognition/draw-landmarks.ts OUT.png IMAGE...
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ensureModels } from './convert/ensure-models.js';
import { skeletonLines } from './hand-edges.js';
import { createRecognizer } from './recognize/batch.js';

const [out, ...files] = process.argv.slice(2);
if (!out || !files.length) {
  console.error('usage: draw-landmarks OUT.png IMAGE...');
  process.exit(2);
}
const modelDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../.cache/models');
await ensureModels(modelDir);
const rec = await createRecognizer({ modelDir });
const S = 300;
const tiles: Buffer[] = [];
for await (const x of rec.recognize(files)) {
  if (x.error) {
    console.error(`${x.file}: ${x.error}`);
    continue;
  }
  const sc = S / Math.max(x.width, x.height);
  let svg = `<svg width="${S}" height="${S}" xmlns="http://www.w3.org/2000/svg">`;
  for (const h of x.hands) {
    const p = h.landmarks.map(([a, b]) => [a * sc, b * sc]);
    svg += skeletonLines(p, 'lime');
    p.forEach(([a, b], i) => {
      svg += `<circle cx="${a}" cy="${b}" r="3" fill="${i === 0 ? 'red' : i % 4 === 0 ? 'yellow' : 'cyan'}"/>`;
    });
    svg += `<text x="4" y="16" fill="magenta" font-size="14">${h.handedness} ${h.score.toFixed(2)} attempt ${x.attempt}</text>`;
  }
  if (!x.hands.length) svg += '<text x="4" y="16" fill="red" font-size="14">no hand</text>';
  svg += '</svg>';
  const w = Math.round(x.width * sc);
  const h = Math.round(x.height * sc);
  tiles.push(
    await sharp(await readFile(x.file))
      .rotate()
      .resize(w, h)
      .extend({ right: S - w, bottom: S - h, background: '#333' })
      .composite([{ input: Buffer.from(svg) }])
      .png()
      .toBuffer(),
  );
}
await rec.close();
const cols = Math.min(4, tiles.length);
const rows = Math.ceil(tiles.length / cols);
await sharp({ create: { width: S * cols, height: S * rows, channels: 3, background: '#000' } })
  .composite(tiles.map((t, i) => ({ input: t, left: (i % cols) * S, top: Math.floor(i / cols) * S })))
  .png()
  .toFile(out);
console.log(`${tiles.length} tiles -> ${out}`);
