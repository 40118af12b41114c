/**
 * Held-out validation: how the recipe does on a kind of picture, or a person, it never saw.
 *
 * npm run eval:recognizer -- --holdout sources|signers [recipe options, see recipe.ts] [--folds a,b]
 *   [--confusion] [--save FILE.json] [--calibration weights.json]
 *
 * --holdout sources: each source in turn (massey, aslhg, digits, boris, siruyy, signn, aslnow) is
 *   left out; a model is trained with the recipe on the other sources and scored on every
 *   photo or row of the left-out one. A source the recipe does not train on anyway (e.g.
 *   aslhg with --train-sources v3) is scored by the model trained on all the recipe's sources.
 * --weights FILE: score that model on the folds instead (e.g. the shipped weights on a source they never saw).
 * --fold-models DIR: keep each fold's trained model as DIR/<fold>.json, and score a fold with the
 *   model found there instead of training it again (to study inference choices on the same models).
 * --mirrored: score each photo on its two readings, as taken and mirrored, averaged, as
 *   `npm run recognize` reads photos (needs `npm run extract:landmarks -- --mirrored`; rows of the
 *   landmark sets have one reading).
 * --holdout signers: leave-one-signer-out on ASL-HG's ten signers (P1-P10): train on everything
 *   else (the other nine signers included), score the left-out signer.
 * The test signers (Massey hand4, digits groups 140-175) are never trained on and never scored
 * here (npm run eval:recognizer without --holdout scores them). Letters are restricted to
 * letters, digits to digits, as the practice screen asks. Prints top-1 per fold, per class and
 * the confusions, then a summary; with --calibration (default: the shipped weights' calibration,
 * when they have one) also the sure rate and the sure-but-wrong rate at its temperature and
 * threshold, and the reliability (ECE). --save writes every scored example's member logits
 * (for calibration studies).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MlpModel } from '../../../packages/recognition/src/handshape/mlp.js';
import { loadModel, type WeightsJson } from '../../../packages/recognition/src/handshape/classifier.js';
import {
  DIGITS,
  isDigit,
  namesFor,
  SHAPE_CLASSES,
  STATIC_LETTERS,
} from '../../../packages/recognition/src/handshape/labels.js';
import {
  expectedCalibrationError,
  predictAll,
  restrictedProbs,
  sureFigures,
  type ScoredExample,
} from '../../../packages/recognition/src/handshape/calibration.js';
import {
  LANDMARK_SOURCES,
  loadExtracted,
  loadExtraReadings,
  loadLandmarkSet,
  loadMirrored,
  mirroredDirFor,
  pairMirrored,
  PHOTO_SOURCES,
  roleOf,
  type Sample,
  type Source,
} from './data.js';
import {
  epochMaker,
  formatConfusion,
  formatEval,
  toEnsembleWeightsJson,
  viewLogits,
  type EvalResult,
  type Reading,
} from './pipeline.js';
import { argReader, describeRecipe, readingOf, recipeFromArgs, type Recipe } from './recipe.js';
import { computeStandardizer, DEFAULT_TRAIN, train } from './trainer.js';

export const SOURCE_FOLDS: readonly Source[] = ['massey', 'aslhg', 'digits', 'boris', 'siruyy', 'signn', 'aslnow'];
export const ASLHG_SIGNERS: readonly string[] = Array.from({ length: 10 }, (_, i) => `P${i + 1}`);

const letterNames = namesFor('letters');
const digitNames = namesFor('digits');
const letterAllowed = letterNames.map((n) => SHAPE_CLASSES.indexOf(n.shape));
const digitAllowed = digitNames.map((n) => SHAPE_CLASSES.indexOf(n.shape));

export interface Scored {
  fold: string;
  source: string;
  signer: string;
  label: string;
  /** member logits over SHAPE_CLASSES */
  logits: number[][];
}

/** Everything that may be trained on or scored (never a test signer). */
export function loadUsable(): { samples: Sample[]; extra: Sample[]; recipeSources: (r: Recipe) => Sample[] } {
  const samples: Sample[] = [];
  for (const s of LANDMARK_SOURCES) samples.push(...loadLandmarkSet(s));
  for (const s of PHOTO_SOURCES) {
    const x = loadExtracted(s);
    if (!x) console.warn(`photo landmarks missing for ${s} (npm run extract:landmarks): left out`);
    else samples.push(...x.samples);
  }
  const usable = samples.filter((s) => roleOf(s, true) !== 'test');
  return { samples: usable, extra: [], recipeSources: (r) => usable.filter((s) => r.sources.includes(s.source)) };
}

export function trainRecipe(tr: Sample[], r: Recipe): MlpModel[] {
  const models: MlpModel[] = [];
  for (let seed = r.seed; seed < r.seed + r.seeds; seed++) {
    const make = epochMaker(tr, r.pipe, seed + 17);
    const std = computeStandardizer(make(0).x);
    const o = { ...DEFAULT_TRAIN, hidden: r.hidden, seed, fixedEpochs: r.epochs, log: undefined };
    models.push(train(make, null, SHAPE_CLASSES.length, std, o).model);
  }
  return models;
}

export function toExample(s: Scored): ScoredExample | null {
  const digit = isDigit(s.label);
  const names = digit ? digitNames : letterNames;
  const truth = names.find((n) => n.name === s.label);
  if (!truth) return null;
  return {
    logits: s.logits,
    allowed: digit ? digitAllowed : letterAllowed,
    truth: SHAPE_CLASSES.indexOf(truth.shape),
  };
}

/**
 * Calibration examples: each sample scored by `members` on its readings (the sample itself, and
 * its mirrored reading when `mirrored` has one: their logits together, so the probabilities are
 * averaged over both), labels outside the classes left out.
 */
/** A sample's logits on each of its readings (itself, and its mirrored reading when `mirrored` has one). */
export function readingsLogits(
  members: readonly MlpModel[],
  s: Sample,
  reading: Reading,
  mirrored?: ReadonlyMap<Sample, Sample>,
): number[][] {
  return [s, mirrored?.get(s)]
    .filter((r): r is Sample => r !== undefined)
    .flatMap((r) => viewLogits(members, r, reading));
}

export function examplesFor(
  samples: readonly Sample[],
  members: readonly MlpModel[],
  reading: Reading,
  mirrored?: ReadonlyMap<Sample, Sample>,
): ScoredExample[] {
  return samples
    .map((s) =>
      toExample({
        fold: '',
        source: s.source,
        signer: s.signer,
        label: s.label,
        logits: readingsLogits(members, s, reading, mirrored),
      }),
    )
    .filter((e): e is ScoredExample => e !== null);
}

const emptyResult = (): EvalResult => ({ n: 0, correct: 0, perClass: new Map(), confusion: new Map() });

/** Top-1 (argmax of the mean member probability, restricted) into per-class results. */
export function tally(scored: readonly Scored[], temperature = 1): { letters: EvalResult; digits: EvalResult } {
  const out = { letters: emptyResult(), digits: emptyResult() };
  for (const s of scored) {
    const ex = toExample(s);
    if (!ex) continue;
    const digit = isDigit(s.label);
    const names = digit ? digitNames : letterNames;
    const p = restrictedProbs(ex.logits, ex.allowed, temperature);
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i] > p[best]) best = i;
    const pred = names[best].name;
    const r = digit ? out.digits : out.letters;
    r.n++;
    const pc = r.perClass.get(s.label) ?? { n: 0, correct: 0 };
    pc.n++;
    if (pred === s.label) {
      r.correct++;
      pc.correct++;
    }
    r.perClass.set(s.label, pc);
    const row = r.confusion.get(s.label) ?? new Map<string, number>();
    row.set(pred, (row.get(pred) ?? 0) + 1);
    r.confusion.set(s.label, row);
  }
  return out;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

interface Calibration {
  temperature: number;
  sureThreshold: number;
}

/** The weights' calibration; with `twoReadings`, the one fitted for a photo read twice (falling back to the first). */
export function readCalibration(path: string, twoReadings = false): Calibration | null {
  const json = JSON.parse(readFileSync(path, 'utf8')) as { calibration?: Calibration & { twoReadings?: Calibration } };
  return (twoReadings ? json.calibration?.twoReadings : undefined) ?? json.calibration ?? null;
}

export async function runHoldout(args: readonly string[]): Promise<void> {
  const { opt, flag } = argReader(args);
  const by = opt('--holdout') ?? 'sources';
  if (by !== 'sources' && by !== 'signers') throw new Error('--holdout sources|signers');
  const recipe = recipeFromArgs(args, { epochs: 9, seeds: 1 });
  // reviewed reports are measured with `npm run eval:reports -- FILE --weights W.json`, not folded in here
  if (recipe.reports.length)
    throw new Error('--reports trains `npm run train:recognizer`; hold-out runs do not take it');
  const folds = (opt('--folds') ?? (by === 'sources' ? SOURCE_FOLDS : ASLHG_SIGNERS).join(',')).split(',');
  const calPath =
    opt('--calibration') ??
    fileURLToPath(new URL('../../../packages/recognition/src/handshape/weights.json', import.meta.url));
  const calibration = readCalibration(calPath, flag('--mirrored'));
  // --weights FILE: score that model on the folds instead of training one per fold
  const weightsArg = opt('--weights');
  const fixedModel = weightsArg ? loadModel(JSON.parse(readFileSync(weightsArg, 'utf8')) as WeightsJson) : null;
  const fixed = fixedModel?.members ?? null;
  const fixedReading = fixedModel
    ? {
        mode: fixedModel.mirrorMode,
        useZ: fixedModel.useZ,
        withoutZView: fixedModel.withoutZView,
        palmPoints: fixedModel.palmPoints,
      }
    : null;
  const t0 = Date.now();
  const { samples } = loadUsable();
  // --mirrored: each photo is scored on both readings, as taken and mirrored, averaged (as `npm run recognize` reads photos)
  const mirrorOf = flag('--mirrored') ? pairMirrored(samples, loadMirrored('full')) : new Map<Sample, Sample>();
  if (flag('--mirrored'))
    console.log(`mirrored readings paired with ${mirrorOf.size} photos (${mirroredDirFor('full')})`);
  const extra = loadExtraReadings(recipe.extraReadings).filter((s) => roleOf(s, true) !== 'test');
  const inRecipe = (s: Sample) => recipe.sources.includes(s.source);
  console.log(`hold-out by ${by}; recipe: ${describeRecipe(recipe)}`);
  console.log(
    `usable rows (test signers excluded): ${samples.length}; extra readings ${extra.length}; calibration ${calibration ? `T ${calibration.temperature.toFixed(3)}, sure at ${calibration.sureThreshold}` : 'none'} (${calPath})`,
  );

  const scored: Scored[] = [];
  const cache = new Map<string, MlpModel[]>();
  const summary: string[] = [];
  for (const fold of folds) {
    const held = (s: Sample) => (by === 'sources' ? s.source === fold : s.source === 'aslhg' && s.signer === fold);
    const te = samples.filter(held);
    if (!te.length) throw new Error(`fold ${fold}: nothing to score`);
    const tr = [...samples, ...extra].filter((s) => inRecipe(s) && !held(s));
    // folds whose held-out rows are not in the recipe's training set share one model
    const key = samples.some((s) => inRecipe(s) && held(s)) || extra.some((s) => inRecipe(s) && held(s)) ? fold : '*';
    const tf = Date.now();
    const foldDir = opt('--fold-models');
    const foldFile = foldDir ? join(foldDir, `${fold}.json`) : null;
    let models = fixed ?? cache.get(key);
    if (!models && foldFile && existsSync(foldFile)) {
      console.log(`fold ${fold}: model read from ${foldFile}`);
      models = loadModel(JSON.parse(readFileSync(foldFile, 'utf8')) as WeightsJson).members;
    }
    if (!models) {
      models = trainRecipe(tr, recipe);
      cache.set(key, models);
      if (foldFile) {
        mkdirSync(dirname(foldFile), { recursive: true });
        const json = toEnsembleWeightsJson(
          models.map((model, i) => ({ seed: i + 1, model })),
          recipe.mode,
          { holdout: by, fold, recipe: describeRecipe(recipe) },
          recipe.pipe.zDropout !== null,
          recipe.withoutZView,
          recipe.pipe.palmPoints === true,
        );
        writeFileSync(foldFile, JSON.stringify(json));
      }
    }
    const reading = fixedReading ?? readingOf(recipe);
    const foldScored: Scored[] = te.map((s) => ({
      fold,
      source: s.source,
      signer: s.signer,
      label: s.label,
      logits: readingsLogits(models, s, reading, mirrorOf).map((l) => l.map((v) => Number(v.toFixed(4)))),
    }));
    scored.push(...foldScored);
    const r = tally(foldScored);
    const title = `held out ${by === 'sources' ? 'source' : 'ASL-HG signer'} ${fold} (${fixed ? `model ${weightsArg}` : `trained on ${tr.length} rows${key === '*' ? ', the recipe never trains on it' : ''}`}; ${((Date.now() - tf) / 1000).toFixed(0)} s)`;
    console.log(`\n${title}`);
    if (r.letters.n) console.log(formatEval('  letters', r.letters, STATIC_LETTERS));
    if (r.letters.n && flag('--confusion')) console.log(formatConfusion(r.letters, STATIC_LETTERS));
    if (r.digits.n) console.log(formatEval('  digits', r.digits, DIGITS));
    if (r.digits.n && flag('--confusion')) console.log(formatConfusion(r.digits, DIGITS));
    const n = r.letters.n + r.digits.n;
    const c = r.letters.correct + r.digits.correct;
    let sureText = '';
    if (calibration) {
      const preds = predictAll(
        foldScored.map(toExample).filter((e): e is ScoredExample => e !== null),
        calibration.temperature,
      );
      const f = sureFigures(preds, calibration.sureThreshold);
      sureText = ` | sure ${pct(f.sureRate * f.n, f.n)}, sure but wrong ${pct(f.sureWrongRate * f.n, f.n)}, ECE ${(100 * expectedCalibrationError(preds).ece).toFixed(1)}%`;
    }
    summary.push(
      `${fold.padEnd(7)} all ${pct(c, n).padStart(6)} (${c}/${n})  letters ${pct(r.letters.correct, r.letters.n).padStart(6)} (${r.letters.correct}/${r.letters.n})  digits ${pct(r.digits.correct, r.digits.n).padStart(6)} (${r.digits.correct}/${r.digits.n})${sureText}`,
    );
  }
  const pooled = tally(scored);
  console.log(`\nSUMMARY, hold-out by ${by} (${describeRecipe(recipe)})`);
  for (const l of summary) console.log(`  ${l}`);
  console.log(
    formatEval(`  pooled letters`, pooled.letters, STATIC_LETTERS) +
      '\n' +
      formatEval(`  pooled digits`, pooled.digits, DIGITS),
  );
  if (calibration) {
    const preds = predictAll(
      scored.map(toExample).filter((e): e is ScoredExample => e !== null),
      calibration.temperature,
    );
    const f = sureFigures(preds, calibration.sureThreshold);
    const raw = expectedCalibrationError(
      predictAll(
        scored.map(toExample).filter((e): e is ScoredExample => e !== null),
        1,
      ),
    ).ece;
    console.log(
      `  pooled: sure ${(100 * f.sureRate).toFixed(1)}%, sure but wrong ${(100 * f.sureWrongRate).toFixed(2)}%, accuracy when sure ${(100 * f.sureAccuracy).toFixed(1)}%; ECE ${(100 * expectedCalibrationError(preds).ece).toFixed(1)}% calibrated (T ${calibration.temperature.toFixed(3)}), ${(100 * raw).toFixed(1)}% at T 1`,
    );
  }
  const save = opt('--save');
  if (save) {
    writeFileSync(save, JSON.stringify({ by, recipe: describeRecipe(recipe), classes: SHAPE_CLASSES, scored }));
    console.log(`  wrote ${save}`);
  }
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runHoldout(process.argv.slice(2));
