/**
 * Runs the landmark pipeline over ../shared/data/photos (massey, digits, aslhg) and writes
 * CSVs: source,file,label,signer,detected,handedness,score,x0,y0,z0,...,x20,y20,z20
 * (x,y in pixels of the original photo; detected=0 rows have empty coordinates).
 * Usage: tsx tools/recognition/extract-photo-landmarks.ts [--set massey,digits,aslhg] [--out DIR] [--data DIR] [--variant full|full-int8|lite] [--mirrored] [--limit N] [--only-missing]
 * The default --out is .cache/extracted for the full model and .cache/extracted/<variant> for the others.
 * --mirrored reads each photo's mirror image instead (landmarks put back into the photo's pixels),
 * into <out>/mirrored: the second reading `npm run recognize` averages with the first.
 * --only-missing re-runs only the detected=0 rows of an existing CSV (same result as a full run when
 * only fallback attempts were appended to PHOTO_ATTEMPTS, since earlier attempts run first).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureModels } from './convert/ensure-models.js';
import { sharedDir } from '../shared-dir.mjs';
import { createRecognizer } from './recognize/batch.js';
import type { LandmarkVariant } from '@asl/recognition';
import { extractedDirFor, mirroredDirFor } from './train/data.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (n: string, d: string): string => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : d;
};
const dataDir = flag('--data', path.join(sharedDir(), 'data', 'photos'));

const sets = flag('--set', 'massey,digits,aslhg').split(',');
const limit = Number(flag('--limit', '0'));
const variant = flag('--variant', 'full') as LandmarkVariant;
// the default model's landmarks go to .cache/extracted, another model's to .cache/extracted/<variant>
const mirrored = args.includes('--mirrored');
const outDir = flag('--out', mirrored ? mirroredDirFor(variant) : extractedDirFor(variant));
const modelDir = flag('--models', path.join(here, '../../.cache/models'));
const onlyMissing = args.includes('--only-missing');

interface Row {
  path: string;
  label: string;
  signer: string;
}
function parseManifest(set: string, text: string): Row[] {
  const [head, ...lines] = text.trim().split(/\r?\n/);
  const cols = head.split(',');
  return lines.map((l) => {
    const v = l.split(',');
    const r: Record<string, string> = {};
    cols.forEach((c, i) => {
      r[c] = v[i];
    });
    return { path: r.path, label: r.label.toUpperCase(), signer: set === 'digits' ? `g${r.signer_group}` : r.signer };
  });
}

await ensureModels(modelDir);
const header = ['source', 'file', 'label', 'signer', 'detected', 'handedness', 'score'];
for (let i = 0; i < 21; i++) header.push(`x${i}`, `y${i}`, `z${i}`);
await mkdir(outDir, { recursive: true });

for (const set of sets) {
  const base = path.join(dataDir, set);
  let rows = parseManifest(set, await readFile(path.join(base, 'manifest.csv'), 'utf8'));
  if (limit) rows = rows.slice(0, limit);
  const rec = await createRecognizer({ modelDir, variant, intraOpThreads: 1 }, { onlyMirrored: mirrored });
  const lines = [header.join(',')];
  const attempts = new Map<number, number>();
  const t0 = performance.now();
  let i = 0;
  let det = 0;
  const byFile = new Map(rows.map((r) => [path.join(base, r.path), r]));
  const previous = new Map<string, string>();
  if (onlyMissing) {
    const old = (await readFile(path.join(outDir, `${set}.csv`), 'utf8')).trim().split('\n').slice(1);
    for (const l of old) {
      const c = l.split(',');
      if (c[4] === '1') previous.set(c[1], l);
    }
  }
  for await (const res of rec.recognize([...byFile.keys()].filter((f) => !previous.has(byFile.get(f)!.path)))) {
    const r = byFile.get(res.file)!;
    const h = res.hands[0];
    if (h) det++;
    attempts.set(res.attempt, (attempts.get(res.attempt) ?? 0) + 1);
    const cells = [set, r.path, r.label, r.signer, h ? '1' : '0', h ? h.handedness : '', h ? h.score.toFixed(4) : ''];
    for (let k = 0; k < 21; k++) {
      if (h) cells.push(h.landmarks[k][0].toFixed(2), h.landmarks[k][1].toFixed(2), h.landmarks[k][2].toFixed(2));
      else cells.push('', '', '');
    }
    if (res.error) console.error(`${r.path}: ${res.error}`);
    lines.push(cells.join(','));
    if (++i % 250 === 0)
      console.error(
        `${set}: ${i}/${rows.length} detected ${det} (${((performance.now() - t0) / i).toFixed(0)} ms/photo)`,
      );
  }
  await rec.close();
  for (const l of previous.values()) {
    lines.push(l);
    det++;
  }
  const order = new Map(rows.map((r, k) => [r.path, k]));
  const body = lines.slice(1).sort((a, b) => order.get(a.split(',')[1])! - order.get(b.split(',')[1])!);
  lines.splice(1, lines.length - 1, ...body);
  const out = path.join(outDir, `${set}.csv`);
  await writeFile(`${out}.tmp`, `${lines.join('\n')}\n`);
  await rename(`${out}.tmp`, out);
  console.log(
    `${set}: ${det}/${rows.length} detected (${((100 * det) / rows.length).toFixed(1)}%) -> ${out} in ${((performance.now() - t0) / 1000).toFixed(0)} s; successful attempt index -> photos: ${JSON.stringify(Object.fromEntries([...attempts].sort((a, b) => a[0] - b[0])))}`,
  );
}
