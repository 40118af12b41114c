/**
 * npm run train:recognizer [-- --mode chirality|handedness] [--z-dropout p (default 0.3) | --no-z] [--massey-per-group N] [--aspect s] [--rot deg] [--mirror-aug unknown|all]
 *   [--loso] [--hidden 128,64]
 *   [--rot3d deg (default 15)] [--boost P:2,Q:2,X:2]
 *   [--from-selection weights.json]
 *   [--no-aug] [--no-refit] [--seed N] [--seeds N (default 3)] [--out path] [--epochs N (default 20)]
 *   [--extra-readings full-int8-all[,lite] | none (default: full-int8-all)]
 *   [--train-sources ... | v3] [--rot3d-x deg] [--noise s] [--source-weight aslhg:2] (recipe.ts)
 *   [--max-sure-wrong 0.01] [--sure-from RUN.json,... [--max-mean-sure-wrong 0.02]]
 *   [--reports REVIEWED.jsonl[,...]]
 *
 * Default: early-stop on the by-signer validation split (Massey hand3 + digits groups
 * 120-139, or signn while the photo landmarks are missing) with the first seed, then refit on
 * train+val for the chosen number of epochs, one network per seed (seeds seed..seed+N-1; with
 * --seeds N > 1 an ensemble), and write weights.json (version 2: the classifier averages the
 * members' probabilities; weight matrices stored as float16). Test-signer rows are filtered
 * out before anything is trained or selected.
 * Extra readings: the training photos' landmarks as read by other landmark models
 * (`npm run extract:landmarks -- --variant full-int8-all`) are extra training rows beside the default
 * model's, in the same draw pools; validation uses the default model's landmarks only.
 * --reports: learners' reports a person reviewed (`npm run reports:export`, looked at with
 *   `npm run eval:reports -- FILE --sheet`, labelled with `npm run label:reports`): each line with a
 *   `label` is a training row (reviewed-reports.ts); never validation or test.
 * --no-refit: write the selection network alone (one member).
 * --fixed-epochs: no selection and no refit: each seed trains exactly --epochs on the training split
 *   (the hold-out recipe, as validated); the ensemble is scored and calibrated on validation.
 * --from-selection: skip the selection run and take its best epoch and validation figures from
 *   a --no-refit output of the same configuration (same result as the full run: seeds are fixed).
 * --loso: leave-one-source-out experiment on the landmark CSV sets (no weights written).
 * Calibration: the selection network's logits on the validation split (never trained on) fit a
 * temperature (NLL), and the `sure` threshold is the lowest calibrated confidence at which at most
 * --max-sure-wrong of the validation answers are sure and wrong; both go to weights.json
 * (`calibration`, with the reliability figure ECE before and after). With the validation photos'
 * mirrored readings (`npm run extract:landmarks -- --mirrored`), the same is fitted for a photo read
 * twice (`calibration.twoReadings`, used by `classifyReadings` and `npm run recognize`).
 * --sure-from: the `sure` threshold is chosen instead on held-out sources (sure-across.ts): saved
 * leave-one-source-out runs of the same recipe (`npm run eval:recognizer -- --holdout sources
 * --save RUN.json`), the lowest threshold at which the sources' sure-but-wrong shares average at
 * most --max-mean-sure-wrong, each source weighed the same. The temperatures are still fitted on
 * validation, the validation figures are reported at the chosen threshold, and a photo read twice
 * gets the lowest threshold at which its validation answers are sure no more often than one
 * reading's (and at most --max-sure-wrong sure and wrong).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { namesFor, SHAPE_CLASSES, STATIC_LETTERS, DIGITS } from '../../../packages/recognition/src/handshape/labels.js';
import {
  LANDMARK_SOURCES,
  loadExtracted,
  loadExtraReadings,
  loadLandmarkSet,
  loadMirrored,
  mirroredDirFor,
  pairMirrored,
  roleOf,
  type Sample,
} from './data.js';
import { describeRecipe, readingOf, recipeFromArgs } from './recipe.js';
import { loadReviewedReports } from './reviewed-reports.js';
import { examplesFor } from './holdout.js';
import { formatSureAcross, heldOutFigures, readRuns, sureAcrossSources, thresholdRule } from './sure-across.js';
import {
  chooseThreshold,
  chooseThresholdCapped,
  expectedCalibrationError,
  fitTemperature,
  predictAll,
  sureFigures,
} from '../../../packages/recognition/src/handshape/calibration.js';
import {
  epochMaker,
  evaluate,
  formatEval,
  toDataset,
  featuresOf,
  toEnsembleWeightsJson,
  type PipelineOptions,
} from './pipeline.js';
import { loadModel, type CalibrationJson } from '../../../packages/recognition/src/handshape/classifier.js';
import { forwardProbsMean, type MlpModel } from '../../../packages/recognition/src/handshape/mlp.js';
import { leaveOneSourceOut } from './loso.js';
import { computeStandardizer, DEFAULT_TRAIN, train, type TrainOptions } from './trainer.js';

const args = process.argv.slice(2);
const flag = (n: string) => args.includes(n);
const opt = (n: string) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};

const recipe = recipeFromArgs(args, { epochs: 20, seeds: 3 });
const mode = recipe.mode;
const pipe: PipelineOptions = recipe.pipe;
const useZ = pipe.zDropout !== null;
const reading = readingOf(recipe);
const palmPoints = reading.palmPoints;
const trainOpts: TrainOptions = {
  ...DEFAULT_TRAIN,
  hidden: recipe.hidden,
  seed: Number(opt('--seed') ?? DEFAULT_TRAIN.seed),
  maxEpochs: recipe.epochs,
  log: flag('--quiet') ? undefined : (s) => console.log('  ' + s),
};
const seedCount = recipe.seeds;
if (!(seedCount >= 1)) throw new Error('--seeds must be >= 1');
const seeds = Array.from({ length: seedCount }, (_, i) => trainOpts.seed + i);
const outPath =
  opt('--out') ?? fileURLToPath(new URL('../../../packages/recognition/src/handshape/weights.json', import.meta.url));

const t0 = Date.now();
const csv: Sample[] = LANDMARK_SOURCES.filter((s) => recipe.sources.includes(s)).flatMap((s) => loadLandmarkSet(s));
const massey = loadExtracted('massey');
const digits = loadExtracted('digits');
const aslhg = recipe.sources.includes('aslhg') ? loadExtracted('aslhg') : null;
if (recipe.sources.includes('aslhg') && massey && !aslhg)
  throw new Error('ASL-HG landmarks missing: npm run extract:landmarks');
const photos = [...(massey?.samples ?? []), ...(digits?.samples ?? []), ...(aslhg?.samples ?? [])];
const photosAvailable = massey !== null;
const extraReadings = photosAvailable ? recipe.extraReadings : [];
const extra = loadExtraReadings(extraReadings).filter((s) => recipe.sources.includes(s.source));
// learners' reports a person reviewed: training rows only (never validation, never test)
const reviewed = loadReviewedReports(recipe.reports);
console.log(`recipe: ${describeRecipe(recipe)}`);
console.log(
  `loaded ${csv.length} CSV samples, ${photos.length} detected photo samples (massey ${massey ? 'yes' : 'missing'}, digits ${digits ? 'yes' : 'missing'}) in ${Date.now() - t0} ms`,
);
if (extraReadings.length)
  console.log(`extra readings ${extraReadings.join(', ')}: ${extra.length} detected photo samples`);
console.log(
  `mode=${mode} mirrorAug=${pipe.mirrorAug} aug=${pipe.augment ? 'on' : 'off'} z=${useZ ? 'dropout ' + pipe.zDropout : 'off'} hidden=${trainOpts.hidden.join(',')} features=${toDataset(csv.slice(0, 1), mode, useZ, palmPoints).x[0].length}`,
);

const lettersNames = namesFor('letters');
const digitNames = namesFor('digits');

function fit(trainSet: Sample[], valSet: Sample[] | null, o: TrainOptions) {
  const make = epochMaker(trainSet, pipe, o.seed + 17);
  // standardise on an augmented epoch so augmentation-only values (e.g. dropped z) are in range
  const std = computeStandardizer(make(0).x);
  return train(
    make,
    valSet && valSet.length ? toDataset(valSet, mode, useZ, palmPoints) : null,
    SHAPE_CLASSES.length,
    std,
    o,
  );
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
const trainSet = [...all, ...extra, ...reviewed].filter((s) => roleOf(s, photosAvailable) === 'train');
const valSet = all.filter((s) => roleOf(s, photosAvailable) === 'val');
// the validation signers' extra readings join the refit on train+val only
const valExtra = extra.filter((s) => roleOf(s, photosAvailable) === 'val');
console.log(
  `train ${trainSet.length}, val ${valSet.length} (test signers excluded: ${all.filter((s) => roleOf(s, photosAvailable) === 'test').length})`,
);

const fromSel = opt('--from-selection');
const fixedEpochs = flag('--fixed-epochs');
let bestEpoch: number;
let valLettersAcc: number | null;
let valDigitsAcc: number | null;
let selectionModel: MlpModel | undefined;
// --fixed-epochs: the hold-out recipe as it is validated: every seed trains for exactly --epochs on
// the training split (no early stopping, no refit); validation only scores and calibrates the ensemble.
let fixedMembers: { seed: number; model: MlpModel }[] | undefined;
if (fixedEpochs) {
  fixedMembers = seeds.map((seed) => {
    const t = Date.now();
    const model = fit(trainSet, null, { ...trainOpts, seed, fixedEpochs: recipe.epochs }).model;
    console.log(
      `seed ${seed}: ${recipe.epochs} epochs on the training split, ${((Date.now() - t) / 1000).toFixed(0)} s`,
    );
    return { seed, model };
  });
  const models = fixedMembers.map((m) => m.model);
  const valLetters = evaluate(models, valSet, mode, lettersNames, useZ, recipe.withoutZView, palmPoints);
  const valDigits = evaluate(models, valSet, mode, digitNames, useZ, recipe.withoutZView, palmPoints);
  console.log(formatEval('validation letters (ensemble)', valLetters, STATIC_LETTERS));
  if (valDigits.n) console.log(formatEval('validation digits (ensemble)', valDigits, DIGITS));
  bestEpoch = recipe.epochs;
  valLettersAcc = valLetters.n ? valLetters.correct / valLetters.n : null;
  valDigitsAcc = valDigits.n ? valDigits.correct / valDigits.n : null;
} else if (fromSel) {
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
  const valLetters = evaluate(sel.model, valSet, mode, lettersNames, useZ, recipe.withoutZView, palmPoints);
  const valDigits = evaluate(sel.model, valSet, mode, digitNames, useZ, recipe.withoutZView, palmPoints);
  console.log(formatEval('validation letters', valLetters, STATIC_LETTERS));
  if (valDigits.n) console.log(formatEval('validation digits', valDigits, DIGITS));
  bestEpoch = sel.bestEpoch;
  valLettersAcc = valLetters.n ? valLetters.correct / valLetters.n : null;
  valDigitsAcc = valDigits.n ? valDigits.correct / valDigits.n : null;
  selectionModel = sel.model;
}

// Calibration on the validation split, which the selection network (or the --fixed-epochs
// ensemble) never trained on.
let calibration: CalibrationJson | undefined;
const sureFrom = opt('--sure-from')?.split(',');
const maxMeanSureWrong = Number(opt('--max-mean-sure-wrong') ?? 0.02);
const calMembers = fixedMembers ? fixedMembers.map((m) => m.model) : selectionModel ? [selectionModel] : null;
if (calMembers) {
  const examples = examplesFor(valSet, calMembers, reading);
  const temperature = fitTemperature(examples);
  const raw = predictAll(examples, 1);
  const cal = predictAll(examples, temperature);
  const maxSureWrong = Number(opt('--max-sure-wrong') ?? 0.01);
  const across = sureFrom ? sureAcrossSources(readRuns(sureFrom), temperature, maxMeanSureWrong) : null;
  const sure = across ? sureFigures(cal, across.threshold) : chooseThreshold(cal, maxSureWrong);
  const r4 = (x: number) => Number(x.toFixed(4));
  calibration = {
    temperature: r4(temperature),
    sureThreshold: sure.threshold,
    fittedOn: `validation split (${examples.length} answers: ${photosAvailable ? 'Massey hand3, digits groups 120-139, ASL-HG P10' : 'signn'}; letters restricted to letters, digits to digits), ${fixedMembers ? `the ensemble of ${fixedMembers.length}` : 'selection network'}${recipe.withoutZView ? ', each hand read with and without z' : ''}; temperature by NLL, threshold: ${across ? thresholdRule(across) : `the lowest with at most ${maxSureWrong * 100}% of answers sure and wrong`}`,
    eceBefore: r4(expectedCalibrationError(raw).ece),
    eceAfter: r4(expectedCalibrationError(cal).ece),
    sureRate: r4(sure.sureRate),
    sureWrongRate: r4(sure.sureWrongRate),
    ...(across ? { heldOut: heldOutFigures(across) } : {}),
  };
  if (across) for (const line of formatSureAcross(across)) console.log(line);
  // A photo read twice (as taken and mirrored, `npm run recognize`): the two readings' average
  // gets its own temperature and threshold, fitted the same way on the validation photos' pairs.
  const mirrored = pairMirrored(valSet, loadMirrored('full'));
  if (mirrored.size) {
    const pairs = examplesFor(
      valSet.filter((s) => mirrored.has(s)),
      calMembers,
      reading,
      mirrored,
    );
    const t2 = fitTemperature(pairs);
    const cal2 = predictAll(pairs, t2);
    // with the one-reading threshold chosen across held-out sources, two readings (a way of
    // reading a photo, not a new kind of camera) are never sure more often than one reading on
    // the same validation photos (as practice's hold-sure.json is fitted)
    const sure2 = across
      ? chooseThresholdCapped(cal2, maxSureWrong, sure.sureRate)
      : chooseThreshold(cal2, maxSureWrong);
    calibration.twoReadings = {
      temperature: r4(t2),
      sureThreshold: sure2.threshold,
      fittedOn: `the validation photos read twice, as taken and mirrored (${pairs.length} answers, the two readings' probabilities averaged); temperature by NLL, threshold: ${across ? `the lowest with at most ${maxSureWrong * 100}% of answers sure and wrong and at most ${(100 * sure.sureRate).toFixed(2)}% sure (one reading's validation figure at its threshold)` : 'same rules'}`,
      eceBefore: r4(expectedCalibrationError(predictAll(pairs, 1)).ece),
      eceAfter: r4(expectedCalibrationError(cal2).ece),
      sureRate: r4(sure2.sureRate),
      sureWrongRate: r4(sure2.sureWrongRate),
    };
  } else
    console.warn(
      `no mirrored readings in ${mirroredDirFor('full')}: no two-reading calibration (npm run extract:landmarks -- --mirrored)`,
    );
  console.log(`calibration: ${JSON.stringify(calibration)}`);
}

let refit = false;
let members: { seed: number; model: MlpModel }[];
if (fixedMembers) {
  members = fixedMembers;
} else if (!flag('--no-refit')) {
  members = seeds.map((seed) => {
    const t = Date.now();
    const model = fit([...trainSet, ...valSet, ...valExtra], null, {
      ...trainOpts,
      seed,
      fixedEpochs: Math.max(bestEpoch, 5),
      log: undefined,
    }).model;
    console.log(
      `refit on train+val for ${Math.max(bestEpoch, 5)} epochs, seed ${seed}: ${((Date.now() - t) / 1000).toFixed(0)} s`,
    );
    return { seed, model };
  });
  refit = true;
} else {
  if (!selectionModel) throw new Error('--from-selection needs the refit (drop --no-refit)');
  members = [{ seed: trainOpts.seed, model: selectionModel }];
}
const training = {
  date: new Date().toISOString(),
  mode,
  augment: pipe.augment,
  mirrorAug: pipe.mirrorAug,
  masseyPerGroup: pipe.masseyPerGroup,
  zDropout: pipe.zDropout,
  rot3dDeg: pipe.rot3dDeg,
  classBoost: pipe.classBoost,
  /** other landmark models' readings of the training photos, as extra training rows */
  extraReadings,
  /** reviewed report exports trained on, and their labelled rows */
  ...(recipe.reports.length ? { reviewedReports: { files: recipe.reports, rows: reviewed.length } } : {}),
  hidden: trainOpts.hidden,
  maxEpochs: trainOpts.maxEpochs,
  seed: trainOpts.seed,
  /** one network per seed; the classifier averages their probabilities */
  ensembleSeeds: members.map((m) => m.seed),
  trainSamples: trainSet.length,
  valSamples: valSet.length,
  bestEpoch,
  refitOnTrainPlusVal: refit,
  validation: {
    split: photosAvailable ? 'Massey hand3 + digits groups 120-139' : 'signn (photo landmarks missing)',
    network: fixedMembers
      ? `the ensemble of ${fixedMembers.length} (trained on train only, ${recipe.epochs} epochs each)`
      : 'the selection network (first seed, trained on train only), not the ensemble',
    letters: valLettersAcc,
    digits: valDigitsAcc,
  },
  seconds: (Date.now() - t0) / 1000,
  compact: {},
};
// The stored weights are float16: check the decoded ensemble against the float one on the
// train+val photos (probabilities over all shape classes).
const weightsJson = toEnsembleWeightsJson(members, mode, null, useZ, recipe.withoutZView, palmPoints);
const decoded = loadModel(weightsJson).members;
const floats = members.map((m) => m.model);
const check = [...trainSet, ...valSet].filter((s) => s.source === 'massey' || s.source === 'digits');
let maxDiff = 0;
let top1Same = 0;
const argmax = (p: Float64Array) => p.reduce((b, v, k) => (v > p[b] ? k : b), 0);
for (const s of check) {
  const f = featuresOf(s, mode, useZ, palmPoints);
  const a = forwardProbsMean(floats, f);
  const b = forwardProbsMean(decoded, f);
  for (let k = 0; k < a.length; k++) maxDiff = Math.max(maxDiff, Math.abs(a[k] - b[k]));
  if (argmax(a) === argmax(b)) top1Same++;
}
training.compact = {
  encoding: 'float16 weight matrices (base64); biases, means and stds 5 significant digits',
  checkedOn: `${check.length} train+val photos`,
  maxProbabilityDiff: Number(maxDiff.toPrecision(2)),
  top1Agreement: `${top1Same}/${check.length}`,
};
console.log(`float16 vs float: max |dp| ${maxDiff.toExponential(2)}, top-1 agreement ${top1Same}/${check.length}`);
training.seconds = (Date.now() - t0) / 1000;
const text = JSON.stringify({ ...weightsJson, ...(calibration ? { calibration } : {}), training });
writeFileSync(outPath, text);
console.log(
  `wrote ${outPath} (${(text.length / 1024).toFixed(0)} KB, ${members.length} networks) in ${training.seconds.toFixed(1)} s`,
);
