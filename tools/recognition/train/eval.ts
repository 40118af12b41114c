/**
 * npm run eval:recognizer [-- --weights path] [--variant full|full-int8|lite] [--loso-epochs N] [--confusion] [--no-loso]
 * npm run eval:recognizer -- --holdout sources|signers [...]: leave-one-source-out or leave-one-ASL-HG-signer-out
 *   validation of the training recipe (holdout.ts; trains temporary models, never touches weights.json).
 *
 * --variant: score the test signers' landmarks as that landmark model read them
 * (`npm run extract:landmarks -- --variant V` first); the default is the float model's.
 * With the extracted photo landmarks: evaluates the committed weights on the held-out
 * signers only (Massey hand4, digits groups 140-175): detection rate, top-1 per class and
 * overall (letters restricted to letters, digits restricted to digits), confusion
 * matrices, and template agreement. Without them: says so, and runs leave-one-source-out
 * on the landmark CSV sets instead (trains temporary models; does not touch weights.json).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadModel, type WeightsJson } from '../../../packages/recognition/src/handshape/classifier.js';
import { DIGITS, namesFor, STATIC_LETTERS } from '../../../packages/recognition/src/handshape/labels.js';
import {
  digitsGroup,
  extractedDirFor,
  loadExtracted,
  loadLandmarkSet,
  loadMirrored,
  mirroredDirFor,
  pairMirrored,
  type PhotoRow,
  type Sample,
} from './data.js';
import type { LandmarkVariant } from '../../../packages/recognition/src/landmarks/hand-pipeline.js';
import { leaveOneSourceOut } from './loso.js';
import { evaluate, formatConfusion, formatEval } from './pipeline.js';
import { formatAgreement, templateAgreement } from './template-agreement.js';

const args = process.argv.slice(2);
if (args.includes('--holdout')) {
  const { runHoldout } = await import('./holdout.js');
  await runHoldout(args);
  process.exit(0);
}
const opt = (n: string) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const weightsPath =
  opt('--weights') ??
  fileURLToPath(new URL('../../../packages/recognition/src/handshape/weights.json', import.meta.url));

const isTestRow = (r: { source: string; signer: string }) =>
  r.source === 'massey' ? r.signer === 'hand4' : digitsGroup(r.signer) >= 140;
const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) + '%' : '-');

const variant = (opt('--variant') ?? 'full') as LandmarkVariant;
const extractedDir = extractedDirFor(variant);
const massey = loadExtracted('massey', extractedDir);
const digits = loadExtracted('digits', extractedDir);

if (!massey && !digits) {
  console.log(
    `PHOTO LANDMARKS MISSING (${extractedDir}/{massey,digits}.csv not found: run \`npm run extract:landmarks${variant === 'full' ? '' : ` -- --variant ${variant}`}\`).`,
  );
  console.log(
    'No unseen-signer photo test is possible yet. Falling back to LEAVE-ONE-SOURCE-OUT on the landmark CSV sets:',
  );
  console.log(
    'each source is held out in turn and a temporary model is trained on the other two (2 signers + ~8 signers at most).',
  );
  const csv = [...loadLandmarkSet('boris'), ...loadLandmarkSet('siruyy'), ...loadLandmarkSet('signn')];
  const json = JSON.parse(readFileSync(weightsPath, 'utf8')) as WeightsJson;
  leaveOneSourceOut(csv, json.mirrorMode, Number(opt('--loso-epochs') ?? 20), {}, args.includes('--confusion'));
  for (const src of ['boris', 'siruyy', 'signn'] as const)
    console.log(formatAgreement(`template agreement ${src}`, templateAgreement(csv.filter((s) => s.source === src))));
  process.exit(0);
}

const json = JSON.parse(readFileSync(weightsPath, 'utf8')) as WeightsJson;
const model = loadModel(json);
console.log(
  `weights: ${weightsPath} (mode ${json.mirrorMode}, ${model.members.length} network${model.members.length > 1 ? 's, probabilities averaged' : ''}); test signers: Massey hand4, digits groups 140-175; landmarks: ${variant} model (${extractedDir})`,
);

const rows: PhotoRow[] = [...(massey?.rows ?? []), ...(digits?.rows ?? [])].filter(isTestRow);
const samples: Sample[] = [...(massey?.samples ?? []), ...(digits?.samples ?? [])].filter(isTestRow);
for (const src of ['massey', 'digits']) {
  const r = rows.filter((x) => x.source === src);
  if (!r.length) {
    console.log(`${src}: no test rows`);
    continue;
  }
  const det = r.filter((x) => x.detected).length;
  const perLabel = new Map<string, [number, number]>();
  for (const x of r) {
    const v = perLabel.get(x.label) ?? [0, 0];
    v[0] += x.detected ? 1 : 0;
    v[1]++;
    perLabel.set(x.label, v);
  }
  console.log(`${src} detection rate: ${pct(det, r.length)} (${det}/${r.length})`);
  console.log(
    '  per label: ' +
      [...perLabel]
        .sort()
        .map(([l, [d, n]]) => `${l} ${d}/${n}`)
        .join('  '),
  );
}

const letters = samples.filter((s) => STATIC_LETTERS.includes(s.label));
const digitSamples = samples.filter((s) => DIGITS.includes(s.label));
const motion = rows.filter((r) => r.detected && (r.label === 'J' || r.label === 'Z')).length;
const mLetters = evaluate(
  model.members,
  letters,
  json.mirrorMode,
  namesFor('letters'),
  model.useZ,
  model.withoutZView,
  model.palmPoints,
);
console.log(
  formatEval(
    '\nLETTERS on detected hands, Massey hand4 (restricted to letters; detected J/Z photos excluded as motion letters: ' +
      motion +
      ')',
    mLetters,
    STATIC_LETTERS,
  ),
);
console.log(formatConfusion(mLetters, STATIC_LETTERS));
const mDigits = evaluate(
  model.members,
  digitSamples,
  json.mirrorMode,
  namesFor('digits'),
  model.useZ,
  model.withoutZView,
  model.palmPoints,
);
console.log(
  formatEval(
    '\nDIGITS on detected hands, Massey hand4 + digits groups 140-175 (restricted to digits)',
    mDigits,
    DIGITS,
  ),
);
for (const src of ['massey', 'digits'] as const) {
  const r = evaluate(
    model.members,
    digitSamples.filter((s) => s.source === src),
    json.mirrorMode,
    namesFor('digits'),
    model.useZ,
    model.withoutZView,
    model.palmPoints,
    model.temperature,
  );
  if (r.n) console.log(`  ${src} digits: ${pct(r.correct, r.n)} (${r.correct}/${r.n})`);
}
console.log(formatConfusion(mDigits, DIGITS));
// `sure` at the weights' calibration, on the test signers (letters and digits separately); then
// the photos read twice, as `npm run recognize` reads them: as taken and mirrored, the two averaged
// (the mirrored readings: `npm run extract:landmarks -- --mirrored [--variant V]`).
{
  const { examplesFor } = await import('./holdout.js');
  const { predictAll, sureFigures, expectedCalibrationError } =
    await import('../../../packages/recognition/src/handshape/calibration.js');
  const reading = {
    mode: json.mirrorMode,
    useZ: model.useZ,
    withoutZView: model.withoutZView,
    palmPoints: model.palmPoints,
  };
  const sets = [
    ['letters', letters],
    ['digits', digitSamples],
  ] as const;
  for (const [title, set] of sets) {
    const preds = predictAll(examplesFor(set, model.members, reading), model.temperature);
    const f = sureFigures(preds, model.sureThreshold);
    console.log(
      `\nSURE on the test ${title} (T ${model.temperature}, threshold ${model.sureThreshold}): sure ${(100 * f.sureRate).toFixed(1)}%, sure but wrong ${(100 * f.sureWrongRate).toFixed(2)}%, accuracy when sure ${(100 * f.sureAccuracy).toFixed(1)}%, ECE ${(100 * expectedCalibrationError(preds).ece).toFixed(1)}% (n ${f.n})`,
    );
  }
  const mirrored = loadMirrored(variant, ['massey', 'digits']);
  if (!mirrored.length)
    console.log(
      `\nTWO READINGS: no mirrored readings in ${mirroredDirFor(variant)} (npm run extract:landmarks -- --mirrored${variant === 'full' ? '' : ` --variant ${variant}`} --set massey,digits)`,
    );
  const pairs = pairMirrored(samples, mirrored);
  for (const [title, set] of mirrored.length ? sets : []) {
    const preds = predictAll(examplesFor(set, model.members, reading, pairs), model.readingsTemperature);
    const right = preds.filter((p) => p.correct).length;
    const f = sureFigures(preds, model.readingsSureThreshold);
    console.log(
      `\nTWO READINGS (as taken and mirrored, averaged; ${set.filter((x) => pairs.has(x)).length} of ${set.length} paired; T ${model.readingsTemperature}, threshold ${model.readingsSureThreshold}), test ${title}: top-1 ${pct(right, preds.length)} (${right}/${preds.length}); sure ${(100 * f.sureRate).toFixed(1)}%, sure but wrong ${(100 * f.sureWrongRate).toFixed(2)}%`,
    );
  }
}
if (letters.length) console.log('\n' + formatAgreement('template agreement, test letters', templateAgreement(letters)));
console.log(formatAgreement('template agreement, test digits', templateAgreement(digitSamples)));

if (!massey && !args.includes('--no-loso')) {
  console.log('\nMASSEY LANDMARKS MISSING: no unseen-signer photo test for LETTERS yet.');
  console.log(
    'Letters fall back to LEAVE-ONE-SOURCE-OUT on the landmark CSV sets (temporary models, trained on the other two sources):',
  );
  const csv = [...loadLandmarkSet('boris'), ...loadLandmarkSet('siruyy'), ...loadLandmarkSet('signn')];
  leaveOneSourceOut(csv, json.mirrorMode, Number(opt('--loso-epochs') ?? 20), {}, args.includes('--confusion'));
  for (const src of ['boris', 'siruyy', 'signn'] as const)
    console.log(formatAgreement(`template agreement ${src}`, templateAgreement(csv.filter((x) => x.source === src))));
}
