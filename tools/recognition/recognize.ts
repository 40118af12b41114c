/**
 * npm run recognize -- [--classes letters|digits|all] [--variant full|full-int8|lite] [--one-reading] [--files-from LIST|-] FILE|DIR ...
 * npm run recognize -- [--classes letters|digits|all] --landmarks FILE.jsonl|-
 * (--classes defaults to all for images, to letters for landmark sequences)
 *
 * Images: one JSON line per image: {"file", "hand": true|false, "label": "A"|"5"|null,
 * "confidence": 0..1 (calibrated), "sure": true|false, "landmarks": [[x,y,z] x21] in image pixels}.
 * The landmark model is the one the server serves (LANDMARK_MODEL's default) unless --variant says
 * otherwise. Each photo is read twice, as taken and mirrored, and the two readings' letter
 * probabilities averaged (the landmark model's errors on the two are largely independent: model
 * card, "Photos read twice"); the landmarks printed are the first reading's. `--one-reading` reads
 * it once, in half the time. Photos of any size and aspect are accepted (letterboxed and padded as needed). Models
 * load once, so thousands of files run in one call: on the command line, in a --files-from list
 * (one path a line; `-` = standard input), or both. A long command line is handed to a child
 * process through its standard input (onnxruntime-node crashes on long command lines: recognize/respawn.ts).
 * A path that cannot be read gets a line with "code" and "error" (recognize/input-errors.ts); a
 * list or sequence file that cannot be read stops the call with exit code 2.
 *
 * Landmark sequences (--landmarks): see recognize/sequences.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { classifyReadings } from '../../packages/recognition/src/handshape/classifier';
import { createRecognizer } from './recognize/batch';
import { envSchema } from '../../apps/server/src/config/env';
import { ensureModels } from './convert/ensure-models';
import { parseFileList, parseRecognizeArgs } from './recognize/args';
import { imageInputError, inputError, type InputError } from './recognize/input-errors';
import { argvBytes, childArgs, respawnWithStdin, SAFE_ARGV_BYTES } from './recognize/respawn';
import type { Hand, LandmarkVariant } from '@asl/recognition';

/** The landmark model the server runs by default. */
const SERVED_VARIANT = envSchema.shape.LANDMARK_MODEL.parse(undefined) as LandmarkVariant;

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : c);
  return Buffer.concat(chunks).toString('utf8');
}

const parsed = parseRecognizeArgs(process.argv.slice(2), SERVED_VARIANT);
if (typeof parsed === 'string') {
  console.error(parsed);
  process.exit(2);
}

if (parsed.landmarks !== null) {
  const { recognizeSequences } = await import('./recognize/sequences');
  const text = parsed.landmarks === '-' ? await readAll(process.stdin) : readArgFile(parsed.landmarks);
  for (const line of recognizeSequences(text, parsed.classes)) console.log(JSON.stringify(line));
  process.exit(0);
}

const listed =
  parsed.filesFrom === null
    ? []
    : parseFileList(parsed.filesFrom === '-' ? await readAll(process.stdin) : readArgFile(parsed.filesFrom));
const inputs = [...parsed.inputs, ...listed];

if (argvBytes(process.argv) > SAFE_ARGV_BYTES) {
  process.exit(await respawnWithStdin(childArgs(parsed), `${inputs.join('\n')}\n`));
}

const r2 = (v: number) => Math.round(v * 100) / 100;
const emit = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);
const noHand = (file: string, problem?: InputError) =>
  emit({ file, hand: false, label: null, confidence: 0, sure: false, landmarks: null, ...problem });

/** The text of a file named on the command line (a list or sequences), or a clear exit. */
function readArgFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const { code, error } = imageInputError(e);
    console.error(`recognize: ${file}: ${error} (${code})`);
    process.exit(2);
  }
}

/** Image files by name, in a folder: a file named on the command line is read whatever its name. */
const IMAGE_NAME = /\.(jpe?g|jfif|png|webp|avif|gif|tiff?)$/i;

function* walk(p: string, named = true): Generator<string> {
  let isDir: boolean;
  try {
    isDir = statSync(p).isDirectory();
  } catch (e) {
    noHand(p, imageInputError(e));
    return;
  }
  if (isDir) {
    let entries: string[];
    try {
      entries = readdirSync(p).sort();
    } catch (e) {
      noHand(p, imageInputError(e)); // a folder that cannot be listed
      return;
    }
    for (const e of entries) yield* walk(path.join(p, e), false);
  } else if (named || IMAGE_NAME.test(p)) yield p;
  else noHand(p, inputError('NOT_AN_IMAGE_FILE'));
}

const modelDir = path.resolve(import.meta.dirname, '../../.cache/models');
await ensureModels(modelDir);
const rec = await createRecognizer(
  { modelDir, variant: parsed.variant, handedness: 'unmirrored' },
  { readMirrored: !parsed.oneReading },
);
const reading = (h: Hand) => ({
  landmarks: h.landmarks.map(([x, y, z]) => ({ x, y, z })),
  handedness: h.handedness === 'left' ? ('Left' as const) : ('Right' as const),
});
for await (const r of rec.recognize(
  (function* () {
    for (const i of inputs) yield* walk(i);
  })(),
)) {
  // the photo as taken, and its mirror image: the two readings' letters are averaged
  const hands = [r.hands[0], r.mirroredHands?.[0]].filter((h): h is Hand => h !== undefined);
  if (!hands.length) {
    noHand(r.file, r.code && r.error ? { code: r.code, error: r.error } : undefined);
    continue;
  }
  const c = classifyReadings(hands.map(reading), parsed.classes);
  emit({
    file: r.file,
    hand: true,
    label: c.label,
    confidence: Math.round(c.confidence * 1000) / 1000,
    sure: c.sure,
    landmarks: hands[0].landmarks.map((p) => p.map(r2)),
  });
}
await rec.close();
