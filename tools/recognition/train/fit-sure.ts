/**
 * Reports the `sure` threshold chosen across held-out sources (sure-across.ts) for saved
 * leave-one-source-out runs, at the temperature of a weights file's calibration.
 *
 * npm run fit:sure -- [--calibration weights.json] [--two-readings] [--max-mean-sure-wrong 0.02] [--at 0.74,0.93] RUN.json ...
 *
 * --at: also each held-out source's sure and sure-but-wrong shares at those thresholds.
 *
 * `npm run train:recognizer -- --sure-from RUN.json,...` writes the same threshold into weights.json.
 */
import { fileURLToPath } from 'node:url';
import { readCalibration } from './holdout.js';
import { argReader } from './recipe.js';
import { sureFigures } from '../../../packages/recognition/src/handshape/calibration.js';
import { foldPredictions, formatSureAcross, readRuns, sureAcrossSources } from './sure-across.js';

const args = process.argv.slice(2);
const arg = argReader(args);
const calPath =
  arg.opt('--calibration') ??
  fileURLToPath(new URL('../../../packages/recognition/src/handshape/weights.json', import.meta.url));
const files = arg.positional(['--calibration', '--max-mean-sure-wrong', '--at']);
if (!files.length) {
  console.error(
    'usage: npm run fit:sure -- [--calibration weights.json] [--two-readings] [--max-mean-sure-wrong 0.02] [--at 0.74,0.93] RUN.json ...',
  );
  process.exit(2);
}
const temperature = readCalibration(calPath, arg.flag('--two-readings'))?.temperature ?? 1;
const runs = readRuns(files);
const result = sureAcrossSources(runs, temperature, Number(arg.opt('--max-mean-sure-wrong') ?? 0.02));
console.log(`calibration from ${calPath}`);
for (const line of formatSureAcross(result)) console.log(line);
const at = arg.opt('--at');
if (at) {
  const pc = (x: number) => `${(100 * x).toFixed(2)}%`;
  for (const [fold, predictions] of Object.entries(foldPredictions(runs, temperature)))
    for (const t of at.split(',').map(Number)) {
      const f = sureFigures(predictions, t);
      console.log(`${fold} at ${t}: sure ${pc(f.sureRate)}, sure but wrong ${pc(f.sureWrongRate)}`);
    }
}
