/**
 * npm run recognize -- [--classes letters|digits|all] [--variant full|full-int8|lite] FILE|DIR ...
 *
 * One JSON line per image: {"file", "hand": true|false, "label": "A"|"5"|null, "confidence": 0..1,
 * "landmarks": [[x,y,z] x21] in image pixels}. Photos of any size and aspect are accepted
 * (letterboxed and padded as needed). Models load once, so thousands of files run in one call.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { classify } from '../../packages/recognition/src/handshape/classifier';
import type { ClassSet } from '../../packages/recognition/src/handshape/labels';
import { createRecognizer } from '../../apps/server/src/recognition/landmarks/recognize';
import { ensureModels } from './convert/ensure-models';
import type { LandmarkVariant } from '@asl/recognition';

const args = process.argv.slice(2);
const flag = (n: string, d: string): string => {
  const i = args.indexOf(n);
  return i >= 0 ? (args[i + 1] ?? d) : d;
};
const classes = flag('--classes', 'all') as ClassSet;
if (!['letters', 'digits', 'all'].includes(classes)) {
  console.error('--classes must be letters, digits or all');
  process.exit(2);
}
const variant = flag('--variant', 'full') as LandmarkVariant;
const modelDir = path.resolve(import.meta.dirname, '../../.cache/models');
const inputs = args.filter((a, i) => !a.startsWith('--') && !['--classes', '--variant'].includes(args[i - 1] ?? ''));
if (!inputs.length) {
  console.error('usage: npm run recognize -- [--classes letters|digits|all] FILE|DIR ...');
  process.exit(2);
}

function* walk(p: string): Generator<string> {
  if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) yield* walk(path.join(p, e));
  else if (/\.(jpe?g|png|webp|gif|tiff?)$/i.test(p)) yield p;
}

await ensureModels(modelDir);
const rec = await createRecognizer({ modelDir, variant, handedness: 'unmirrored' });
const r2 = (v: number) => Math.round(v * 100) / 100;
for await (const r of rec.recognize(
  (function* () {
    for (const i of inputs) yield* walk(i);
  })(),
)) {
  const hand = r.hands[0];
  if (!hand) {
    console.log(
      JSON.stringify({
        file: r.file,
        hand: false,
        label: null,
        confidence: 0,
        landmarks: null,
        ...(r.error ? { error: r.error } : {}),
      }),
    );
    continue;
  }
  const c = classify(
    hand.landmarks.map(([x, y, z]) => ({ x, y, z })),
    hand.handedness === 'left' ? 'Left' : 'Right',
    classes,
  );
  console.log(
    JSON.stringify({
      file: r.file,
      hand: true,
      label: c.label,
      confidence: Math.round(c.confidence * 1000) / 1000,
      landmarks: hand.landmarks.map((p) => p.map(r2)),
    }),
  );
}
await rec.close();
