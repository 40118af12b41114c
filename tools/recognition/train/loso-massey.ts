/**
 * Leave-one-Massey-signer-out validation (the only multi-signer photo letters): for each of the
 * training/validation signers hand1-hand3, train on everything that is not a test signer except
 * that signer, and score the letters of the held-out signer (restricted to letters). The test
 * signers (Massey hand4, digits groups 140-175) are filtered out before anything else.
 *
 * npx tsx tools/recognition/train/loso-massey.ts [--epochs 9] [--seeds 1] [--hidden 128,64]
 *   [--rot3d 15] [--z-dropout 0.3] [--boost P:2,Q:2] [--folds hand1,hand2,hand3]
 * --seeds N: an ensemble of N models (seeds 1..N) whose probabilities are averaged; with N > 1 each
 *   seed's model alone is scored too, on the same folds (seed 1 alone is the single-model baseline).
 * --min-score S: drop training photos (Massey, digits) whose landmark detection score is below S
 *   (the held-out signer is scored on every detected photo).
 * --eval-dir DIR: also score the held-out signer on the landmarks extracted into DIR (e.g. with
 *   `npm run extract:landmarks -- --variant lite --out DIR`), the models still trained on the default ones.
 * --extra-readings E[,E] (default: the shipped configuration's, TRAIN_EXTRA_READINGS; `none` for
 *   none): add other landmark models' readings of the training photos as extra training rows; each
 *   E is a landmark variant (full-int8, lite: `npm run extract:landmarks -- --variant E`) or a
 *   folder. They join their photo's (source or Massey signer, class) pool, so the draws per pool
 *   are unchanged: only the variety of landmark noise grows. The held-out signer's rows are left
 *   out of them like the others.
 */
import type { MlpModel } from '../../../packages/recognition/src/handshape/mlp.js';
import { namesFor, SHAPE_CLASSES, STATIC_LETTERS } from '../../../packages/recognition/src/handshape/labels.js';
import { loadExtracted, loadExtraReadings, loadLandmarkSet, roleOf, type Sample } from './data.js';
import type { MirrorMode } from '../../../packages/recognition/src/handshape/normalize.js';
import {
  DEFAULT_PIPELINE,
  epochMaker,
  featuresOf,
  formatEval,
  predictRestricted,
  type EvalResult,
  type PipelineOptions,
} from './pipeline.js';
import { DEFAULT_AUGMENT } from './augment.js';
import { readingsOption } from './readings.js';
import { computeStandardizer, DEFAULT_TRAIN, train } from './trainer.js';

const args = process.argv.slice(2);
const opt = (n: string) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const epochs = Number(opt('--epochs') ?? 9);
const seeds = Number(opt('--seeds') ?? 1);
const hidden = (opt('--hidden') ?? '128,64').split(',').map(Number);
const folds = (opt('--folds') ?? 'hand1,hand2,hand3').split(',');
const pipe: PipelineOptions = {
  ...DEFAULT_PIPELINE,
  mirrorMode: 'chirality',
  augment: DEFAULT_AUGMENT,
  zDropout: Number(opt('--z-dropout') ?? 0.3),
  rot3dDeg: Number(opt('--rot3d') ?? 15),
  classBoost: Object.fromEntries(
    (opt('--boost') ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.split(':')[0].toUpperCase(), Number(kv.split(':')[1])]),
  ),
};

const csv: Sample[] = [...loadLandmarkSet('boris'), ...loadLandmarkSet('siruyy'), ...loadLandmarkSet('signn')];
const massey = loadExtracted('massey');
const digits = loadExtracted('digits');
if (!massey || !digits) throw new Error('photo landmarks missing: npm run extract:landmarks');
const extraReadings = readingsOption(opt('--extra-readings'));
const extra = loadExtraReadings(extraReadings).filter((s) => roleOf(s, true) !== 'test');
const usable = [...csv, ...massey.samples, ...digits.samples].filter((s) => roleOf(s, true) !== 'test');
const minScore = Number(opt('--min-score') ?? 0);
const keepForTraining = (s: Sample) => s.score === undefined || !(s.score < minScore);
const evalDir = opt('--eval-dir');
const alt = evalDir ? loadExtracted('massey', evalDir) : null;
if (evalDir && !alt) throw new Error(`no massey.csv in ${evalDir}`);
const letters = namesFor('letters');
const allowed = letters.map((n) => SHAPE_CLASSES.indexOf(n.shape));

const emptyResult = (): EvalResult => ({ n: 0, correct: 0, perClass: new Map(), confusion: new Map() });
function score(models: MlpModel[], te: Sample[], mode: MirrorMode, into: EvalResult[]): void {
  for (const s of te) {
    if (!letters.some((n) => n.name === s.label)) continue;
    const best = predictRestricted(models, featuresOf(s, mode, true), allowed);
    const pred = letters[allowed.indexOf(best)].name;
    for (const res of into) {
      res.n++;
      const pc = res.perClass.get(s.label) ?? { n: 0, correct: 0 };
      pc.n++;
      if (pred === s.label) {
        res.correct++;
        pc.correct++;
      }
      res.perClass.set(s.label, pc);
      const row = res.confusion.get(s.label) ?? new Map<string, number>();
      row.set(pred, (row.get(pred) ?? 0) + 1);
      res.confusion.set(s.label, row);
    }
  }
}

const pooled = emptyResult();
const pooledBySeed = Array.from({ length: seeds }, emptyResult);
const pooledAlt = emptyResult();
const t0 = Date.now();
for (const held of folds) {
  const candidates = [...usable, ...extra].filter((s) => !(s.source === 'massey' && s.signer === held));
  const tr = candidates.filter(keepForTraining);
  if (minScore > 0)
    console.log(`fold ${held}: ${candidates.length - tr.length} training photos dropped (score < ${minScore})`);
  const te = usable.filter((s) => s.source === 'massey' && s.signer === held);
  const models: MlpModel[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const make = epochMaker(tr, pipe, seed + 17);
    const std = computeStandardizer(make(0).x);
    const o = { ...DEFAULT_TRAIN, hidden, seed, fixedEpochs: epochs, log: undefined };
    models.push(train(make, null, SHAPE_CLASSES.length, std, o).model);
  }
  const r = emptyResult();
  score(models, te, pipe.mirrorMode, [r, pooled]);
  console.log(formatEval(`held-out Massey ${held} (letters)`, r, STATIC_LETTERS));
  if (seeds > 1)
    models.forEach((m, i) => {
      const r1 = emptyResult();
      score([m], te, pipe.mirrorMode, [r1, pooledBySeed[i]]);
      console.log(formatEval(`  seed ${i + 1} alone, held-out Massey ${held} (letters)`, r1, STATIC_LETTERS));
    });
  if (alt) {
    const ra = emptyResult();
    const teAlt = alt.samples.filter((s) => s.signer === held);
    score(models, teAlt, pipe.mirrorMode, [ra, pooledAlt]);
    console.log(formatEval(`held-out Massey ${held} (letters), landmarks from ${evalDir}`, ra, STATIC_LETTERS));
  }
}
console.log(
  formatEval(
    `POOLED leave-one-Massey-signer-out (${folds.join('+')}; epochs ${epochs}, seeds ${seeds}, hidden ${hidden.join(',')}, boost ${JSON.stringify(pipe.classBoost)}, min-score ${minScore}, extra readings ${extraReadings.join('+') || 'none'})`,
    pooled,
    STATIC_LETTERS,
  ),
);
if (seeds > 1)
  pooledBySeed.forEach((r, i) => console.log(formatEval(`  POOLED, seed ${i + 1} alone`, r, STATIC_LETTERS)));
if (alt) console.log(formatEval(`POOLED, held-out landmarks from ${evalDir}`, pooledAlt, STATIC_LETTERS));
console.log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
