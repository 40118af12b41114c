/**
 * Merges hold-out runs saved with `--save` (e.g. folds run in parallel processes) and reports
 * them with a calibration: top-1 per fold and pooled, and at the calibration's temperature and
 * threshold the sure rate, the sure-but-wrong rate and the reliability (ECE, 10 bins).
 *
 * npx tsx tools/recognition/train/holdout-report.ts [--calibration weights.json] [--bins] RUN.json ...
 *
 * Also prints the pooled letters as the model card's "Letters per class (pooled)" sentence, which
 * tools/recognition/card-figures.ts reads into the app's About recognition page.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DIGITS, STATIC_LETTERS } from '../../../packages/recognition/src/handshape/labels.js';
import {
  expectedCalibrationError,
  predictAll,
  sureFigures,
  type ScoredExample,
} from '../../../packages/recognition/src/handshape/calibration.js';
import { formatEval } from './pipeline.js';
import { readCalibration, tally, toExample, type Scored } from './holdout.js';
import { argReader } from './recipe.js';
import { cardLetterLine } from '../card-figures.js';

const arg = argReader(process.argv.slice(2));
const calPath =
  arg.opt('--calibration') ??
  fileURLToPath(new URL('../../../packages/recognition/src/handshape/weights.json', import.meta.url));
const files = arg.positional(['--calibration']);
const cal = readCalibration(calPath) ?? { temperature: 1, sureThreshold: 0 };

const scored: Scored[] = [];
for (const f of files) scored.push(...(JSON.parse(readFileSync(f, 'utf8')) as { scored: Scored[] }).scored);
const folds = [...new Set(scored.map((s) => s.fold))];
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
const examples = (rows: Scored[]) => rows.map(toExample).filter((e): e is ScoredExample => e !== null);

console.log(`calibration from ${calPath}: T ${cal.temperature}, sure at ${cal.sureThreshold}`);
console.log('| held out | top-1 (letters + digits) | letters | digits | sure | sure but wrong | ECE |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const fold of [...folds, 'pooled']) {
  const rows = fold === 'pooled' ? scored : scored.filter((s) => s.fold === fold);
  const r = tally(rows, cal.temperature);
  const preds = predictAll(examples(rows), cal.temperature);
  const f = sureFigures(preds, cal.sureThreshold);
  const n = r.letters.n + r.digits.n;
  const c = r.letters.correct + r.digits.correct;
  console.log(
    `| ${fold} | ${pct(c, n)} (${c}/${n}) | ${pct(r.letters.correct, r.letters.n)} | ${pct(r.digits.correct, r.digits.n)} | ${(100 * f.sureRate).toFixed(1)}% | ${(100 * f.sureWrongRate).toFixed(2)}% | ${(100 * expectedCalibrationError(preds).ece).toFixed(1)}% |`,
  );
}
const all = tally(scored, cal.temperature);
console.log(formatEval('pooled letters', all.letters, STATIC_LETTERS));
// for the model card, which the app's About recognition page reads (tools/recognition/card-figures.ts)
console.log(cardLetterLine(all.letters.perClass, all.letters.confusion));
if (all.digits.n) console.log(formatEval('pooled digits', all.digits, DIGITS));
if (arg.flag('--bins')) {
  const { bins, ece } = expectedCalibrationError(predictAll(examples(scored), cal.temperature));
  console.log(`reliability, pooled (ECE ${(100 * ece).toFixed(1)}%):`);
  for (const b of bins)
    console.log(
      `  ${b.from.toFixed(1)}-${b.to.toFixed(1)}: n ${b.n}, mean confidence ${(100 * b.confidence).toFixed(1)}%, accuracy ${(100 * b.accuracy).toFixed(1)}%`,
    );
}
