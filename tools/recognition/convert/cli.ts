/** CLI: tsx tools/recognition/convert/cli.ts [--out DIR] [--src DIR] [--force] [model.json out.onnx] */
import path from 'node:path';
import { convertOne, ensureModels } from './ensure-models.js';

const args = process.argv.slice(2);
const flag = (n: string): string | undefined => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const force = args.includes('--force');
const positional = args.filter((a, i) => !a.startsWith('--') && !['--out', '--src'].includes(args[i - 1]));
const t0 = performance.now();
if (positional.length === 2) {
  const r = await convertOne(path.resolve(positional[0]), path.resolve(positional[1]), force);
  console.log(`${r.converted ? 'converted' : 'up to date'}: ${positional[1]} (${r.hash.slice(0, 12)})`);
} else {
  const out = path.resolve(flag('--out') ?? '.cache/models');
  const r = await ensureModels(out, { sourceDir: flag('--src'), force });
  console.log(JSON.stringify(r, null, 2));
}
console.log(`done in ${(performance.now() - t0).toFixed(0)} ms`);
