/**
 * Reports the `sure` threshold chosen across held-out sources (sure-across.ts) for saved
 * leave-one-source-out runs, at the temperature of a weights file's calibration.
 *
 * npm run fit:sure -- [--calibration weights.json] [--two-readings] [--max-mean-sure-wrong 0.02] RUN.json ...
 *
 * `npm run train:recognizer -- --sure-from RUN.json,...` writes the same threshold into weights.json.
 */
import { fileURLToPath } from 'node:url';
import { readCalibration } from './holdout.js';
import { argReader } from './recipe.js';
import { formatSureAcross, readRuns, sureAcrossSources } from './sure-across.js';

const args = process.argv.slice(2);
const arg = argReader(args);
const calPath =
  arg.opt('--calibration') ??
  fileURLToPath(new URL('../../../packages/recognition/src/handshape/weights.json', import.meta.url));
const files = arg.positional(['--calibration', '--max-mean-sure-wrong']);
if (!files.length) {
  console.error(
    'usage: npm run fit:sure -- [--calibration weights.json] [--two-readings] [--max-mean-sure-wrong 0.02] RUN.json ...',
  );
  process.exit(2);
}
const temperature = readCalibration(calPath, arg.flag('--two-readings'))?.temperature ?? 1;
const result = sureAcrossSources(readRuns(files), temperature, Number(arg.opt('--max-mean-sure-wrong') ?? 0.02));
console.log(`calibration from ${calPath}`);
for (const line of formatSureAcross(result)) console.log(line);
