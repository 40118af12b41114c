/**
 * Chooses practice's benefit of the doubt toward the asked letter (target-doubt.ts) on saved
 * leave-one-source-out runs and writes packages/recognition/src/handshape/target-doubt.json.
 *
 * npm run fit:target-doubt -- [--max-withheld 0.01] [--out FILE] RUN.json ...
 *
 * The runs are the ones `sure` is chosen on (`npm run eval:recognizer -- --holdout sources --save
 * RUN.json`, model card, v6); the answers are scored at weights.json's temperature, and a reading
 * is sure at hold-sure.json's threshold (what practice decides a held hand on).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import holdSure from '../../../packages/recognition/src/handshape/hold-sure.json';
import type { TargetDoubtFile } from '../../../packages/recognition/src/handshape/target-doubt.js';
import weights from '../../../packages/recognition/src/handshape/weights.json';
import { argReader } from './recipe.js';
import { readRuns } from './sure-across.js';
import { chooseDoubtAcross, doubtByConfusion, doubtFigures, doubtRows, nestedDoubtFigures } from './target-doubt.js';

const COMMITTED = path.resolve(import.meta.dirname, '../../../packages/recognition/src/handshape/target-doubt.json');
const arg = argReader(process.argv.slice(2));
const files = arg.positional(['--max-withheld', '--out']);
if (!files.length) {
  console.error('usage: npm run fit:target-doubt -- [--max-withheld 0.01] [--out FILE] RUN.json ...');
  process.exit(2);
}
const out = path.resolve(arg.opt('--out') ?? COMMITTED);
const maxWithheld = Number(arg.opt('--max-withheld') ?? 0.01);
const temperature = weights.calibration.temperature;
const sureAt = holdSure.threshold;

const groups = doubtRows(readRuns(files), temperature);
const threshold = chooseDoubtAcross(Object.values(groups), sureAt, maxWithheld);
const nested = nestedDoubtFigures(groups, sureAt, maxWithheld);
const pct = (x: number, d = 2) => `${(100 * x).toFixed(d)}%`;
console.log(
  `doubt threshold ${threshold} (T ${temperature}, a hold sure at ${sureAt}): the lowest at which the held-out sources' withheld wrong verdicts average at most ${pct(maxWithheld, 1)}`,
);
console.log(
  '| held out | answers | right signs told wrong: without, with the doubt | wrong verdicts withheld: every other letter asked, the runner-up asked | threshold chosen without it: right signs told wrong, withheld, runner-up withheld |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const [k, rows] of Object.entries(groups)) {
  const f = doubtFigures(rows, sureAt, threshold);
  const n = nested[k]!;
  console.log(
    `| ${k} | ${f.answers} | ${pct(f.rightToldWrongBefore)} → ${pct(f.rightToldWrong)} | ${pct(f.withheld)}, ${pct(f.withheldRunnerUp, 1)} | ${n.threshold}: ${pct(n.rightToldWrong)}, ${pct(n.withheld)}, ${pct(n.withheldRunnerUp, 1)} |`,
  );
}
console.log('right signs read sure as another letter, and how many the doubt keeps from being told wrong:');
for (const [k, rows] of Object.entries(groups))
  console.log(
    `  ${k}: ${doubtByConfusion(rows, sureAt, threshold)
      .map((c) => `${c.confusion} ${c.kept} of ${c.told}`)
      .join(', ')}`,
  );
const r4 = (x: number) => Number(x.toFixed(4));
const file: TargetDoubtFile = {
  threshold,
  fittedOn: `leave-one-source-out answers of ${Object.keys(groups).length} sources never trained on (${Object.keys(groups).join(', ')}), a reading sure at the hold's ${sureAt}; the lowest threshold at which the wrong verdicts withheld (each answer asked every letter but the one signed and the one read) average at most ${maxWithheld * 100}% over the sources, each weighed the same`,
  maxWithheld,
  calibration: { temperature, holdThreshold: sureAt },
  heldOut: Object.fromEntries(
    Object.entries(nested).map(([k, n]) => [
      k,
      {
        threshold: n.threshold,
        rightToldWrongBefore: r4(n.rightToldWrongBefore),
        rightToldWrong: r4(n.rightToldWrong),
        withheld: r4(n.withheld),
        withheldRunnerUp: r4(n.withheldRunnerUp),
      },
    ]),
  ),
};
const config = await resolveConfig(out);
await writeFile(out, await format(JSON.stringify(file), { ...config, filepath: out }));
console.log(`-> ${out}`);
