/**
 * npm run train:recognizer [-- --mode chirality|handedness] [--z-dropout p (default 0.3) | --no-z] [--massey-per-group N] [--aspect s] [--rot deg] [--mirror-aug unknown|all]
 *   [--loso] [--hidden 128,64]
 *   [--rot3d deg (default 15)] [--boost P:2,Q:2,X:2]
 *   [--from-selection weights.json]
 *   [--no-aug] [--no-refit] [--seed N] [--out path] [--epochs N (default 20)]
 *
 * Default: early-stop on the by-signer validation split (Massey hand3 + digits groups
 * 120-139, or signn while the photo landmarks are missing), then refit on train+val for
 * the chosen number of epochs and write weights.json. Test-signer rows are filtered out
 * before anything is trained or selected.
 * --from-selection: skip the selection run and take its best epoch and validation figures from
 *   a --no-refit output of the same configuration (same result as the full run: seeds are fixed).
 * --loso: leave-one-source-out experiment on the landmark CSV sets (no weights written).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MirrorMode } from '../../../packages/recognition/src/handshape/normalize.js';
import { namesFor, SHAPE_CLASSES, STATIC_LETTERS, DIGITS } from '../../../packages/recognition/src/handshape/labels.js';
import { loadExtracted, loadLandmarkSet, roleOf, type Sample } from './data.js';
import {
  DEFAULT_PIPELINE,
  epochMaker,
  evaluate,
  formatEval,
  toDataset,
  toWeightsJson,
  type PipelineOptions,
} from './pipeline.js';
import { leaveOneSourceOut } from './loso.js';
import { DEFAULT_AUGMENT } from './augment.js';
import { computeStandardizer, DEFAULT_TRAIN, train, type TrainOptions } from './trainer.js';

const args = process.argv.slice(2);
const flag = (n: string) => args.includes(n);
const opt = (n: string) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};

const mode = (opt('--mode') ?? 'chirality') as MirrorMode;
const pipe: PipelineOptions = {
  ...DEFAULT_PIPELINE,
  mirrorMode: mode,
  augment: flag('--no-aug')
    ? null
    : {
        ...DEFAULT_AUGMENT,
        aspectLogStd: Number(opt('--aspect') ?? DEFAULT_AUGMENT.aspectLogStd),
        maxRotationDeg: Number(opt('--rot') ?? DEFAULT_AUGMENT.maxRotationDeg),
      },
  mirrorAug: (opt('--mirror-aug') ?? DEFAULT_PIPELINE.mirrorAug) as 'unknown' | 'all',
  masseyPerGroup: Number(opt('--massey-per-group') ?? DEFAULT_PIPELINE.masseyPerGroup),
  // shipped configuration: 3-D depth features with z-dropout 0.3, 3-D viewpoint augmentation +-15 deg
  zDropout: flag('--no-z') ? null : Number(opt('--z-dropout') ?? 0.3),
  rot3dDeg: Number(opt('--rot3d') ?? 15),
  classBoost: Object.fromEntries(
    (opt('--boost') ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => {
        const [k, v] = kv.split(':');
        return [k.toUpperCase(), Number(v)];
      }),
  ),
};
const useZ = pipe.zDropout !== null;
const trainOpts: TrainOptions = {
  ...DEFAULT_TRAIN,
  hidden: (opt('--hidden') ?? DEFAULT_TRAIN.hidden.join(',')).split(',').map(Number),
  seed: Number(opt('--seed') ?? DEFAULT_TRAIN.seed),
  maxEpochs: Number(opt('--epochs') ?? 20),
  log: flag('--quiet') ? undefined : (s) => console.log('  ' + s),
};
const outPath =
  opt('--out') ?? fileURLToPath(new URL('../../../packages/recognition/src/handshape/weights.json', import.meta.url));

const t0 = Date.now();
const csv: Sample[] = [...loadLandmarkSet('boris'), ...loadLandmarkSet('siruyy'), ...loadLandmarkSet('signn')];
const massey = loadExtracted('massey');
const digits = loadExtracted('digits');
const photos = [...(massey?.samples ?? []), ...(digits?.samples ?? [])];
const photosAvailable = massey !== null;
console.log(
  `loaded ${csv.length} CSV samples, ${photos.length} detected photo samples (massey ${massey ? 'yes' : 'missing'}, digits ${digits ? 'yes' : 'missing'}) in ${Date.now() - t0} ms`,
);
console.log(
  `mode=${mode} mirrorAug=${pipe.mirrorAug} aug=${pipe.augment ? 'on' : 'off'} z=${useZ ? 'dropout ' + pipe.zDropout : 'off'} hidden=${trainOpts.hidden.join(',')} features=${toDataset(csv.slice(0, 1), mode, useZ).x[0].length}`,
);

const lettersNames = namesFor('letters');
const digitNames = namesFor('digits');

function fit(trainSet: Sample[], valSet: Sample[] | null, o: TrainOptions) {
  const make = epochMaker(trainSet, pipe, o.seed + 17);
  // standardise on an augmented epoch so augmentation-only values (e.g. dropped z) are in range
  const std = computeStandardizer(make(0).x);
  return train(make, valSet && valSet.length ? toDataset(valSet, mode, useZ) : null, SHAPE_CLASSES.length, std, o);
}

if (flag('--loso')) {
  leaveOneSourceOut(
    csv,
    mode,
    Number(opt('--epochs') ?? 20),
    { hidden: trainOpts.hidden, seed: trainOpts.seed },
    flag('--confusion'),
  );
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  process.exit(0);
}

const all = [...csv, ...photos];
const trainSet = all.filter((s) => roleOf(s, photosAvailable) === 'train');
const valSet = all.filter((s) => roleOf(s, photosAvailable) === 'val');
console.log(
  `train ${trainSet.length}, val ${valSet.length} (test signers excluded: ${all.filter((s) => roleOf(s, photosAvailable) === 'test').length})`,
);

const fromSel = opt('--from-selection');
let bestEpoch: number;
let valLettersAcc: number | null;
let valDigitsAcc: number | null;
let finalModel;
if (fromSel) {
  const t = (
    JSON.parse(readFileSync(fromSel, 'utf8')) as {
      training: { bestEpoch: number; validation: { letters: number | null; digits: number | null } };
    }
  ).training;
  bestEpoch = t.bestEpoch;
  valLettersAcc = t.validation.letters;
  valDigitsAcc = t.validation.digits;
  console.log(
    `selection taken from ${fromSel}: best epoch ${bestEpoch}, val letters ${valLettersAcc}, digits ${valDigitsAcc}`,
  );
} else {
  const sel = fit(trainSet, valSet, trainOpts);
  console.log(
    `model selection: best epoch ${sel.bestEpoch}, val accuracy (all shape classes) ${(sel.bestVal * 100).toFixed(2)}%`,
  );
  const valLetters = evaluate(sel.model, valSet, mode, lettersNames, useZ);
  const valDigits = evaluate(sel.model, valSet, mode, digitNames, useZ);
  console.log(formatEval('validation letters', valLetters, STATIC_LETTERS));
  if (valDigits.n) console.log(formatEval('validation digits', valDigits, DIGITS));
  bestEpoch = sel.bestEpoch;
  valLettersAcc = valLetters.n ? valLetters.correct / valLetters.n : null;
  valDigitsAcc = valDigits.n ? valDigits.correct / valDigits.n : null;
  finalModel = sel.model;
}

let refit = false;
if (!flag('--no-refit')) {
  console.log(`refitting on train+val for ${bestEpoch} epochs`);
  finalModel = fit([...trainSet, ...valSet], null, {
    ...trainOpts,
    fixedEpochs: Math.max(bestEpoch, 5),
    log: undefined,
  }).model;
  refit = true;
}
if (!finalModel) throw new Error('--from-selection needs the refit (drop --no-refit)');
const training = {
  date: new Date().toISOString(),
  mode,
  augment: pipe.augment,
  mirrorAug: pipe.mirrorAug,
  masseyPerGroup: pipe.masseyPerGroup,
  zDropout: pipe.zDropout,
  rot3dDeg: pipe.rot3dDeg,
  classBoost: pipe.classBoost,
  hidden: trainOpts.hidden,
  maxEpochs: trainOpts.maxEpochs,
  seed: trainOpts.seed,
  trainSamples: trainSet.length,
  valSamples: valSet.length,
  bestEpoch,
  refitOnTrainPlusVal: refit,
  validation: {
    split: photosAvailable ? 'Massey hand3 + digits groups 120-139' : 'signn (photo landmarks missing)',
    letters: valLettersAcc,
    digits: valDigitsAcc,
  },
  seconds: (Date.now() - t0) / 1000,
};
const json = JSON.stringify(toWeightsJson(finalModel, mode, training, useZ));
writeFileSync(outPath, json);
console.log(`wrote ${outPath} (${(json.length / 1024).toFixed(0)} KB) in ${training.seconds.toFixed(1)} s`);
