/**
 * Fits the live `sure` threshold for a held sign (packages/recognition/src/handshape/hold-sure.ts)
 * and writes hold-sure.json.
 *
 * The validation signers' static signs (Massey hand3, ASL-HG P10, digits groups 120-139: the
 * split the shipped classifier is calibrated on and never trained on), each photo made a 320x240
 * webcam frame as the browser sends it (as `npm run eval:live` does), read by the live pipeline
 * (LIVE_PIPELINE_OPTIONS, the served model) for 8 frames with tracking and classified by the
 * shipped classifier (letters or digits, as practice restricts to the target's kind). A sign's
 * answer is the letter with the highest mean probability over the tracked frames; its confidence
 * that mean. The threshold is the lowest with at most --max-sure-wrong (default 1%) of the signs
 * sure and wrong and no more of them sure than the classifier's single answers on the same
 * validation photos at its own threshold (weights.json's `calibration.sureRate`): the classifier's
 * threshold is chosen on sources never seen, and a hold is never more lenient than it.
 * Usage: npm run fit:hold-sure [-- --max-sure-wrong 0.01] [--out FILE] [--every N]
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { ensureModels } from './convert/ensure-models.js';
import { sharedDir } from '../shared-dir.mjs';
import { argReader } from './train/recipe.js';
import { holdSign, webcamFrame } from './live-hold.js';
import { readManifest } from './photo-manifest.js';
import { createHandPipeline } from '../../apps/server/src/recognition/landmarks/pipeline.js';
import { LIVE_PIPELINE_OPTIONS } from '../../packages/recognition/src/landmarks/live.js';
import { classify } from '../../packages/recognition/src/handshape/classifier.js';
import { chooseThresholdCapped } from '../../packages/recognition/src/handshape/calibration.js';
import type { HoldSureFile } from '../../packages/recognition/src/handshape/hold-sure.js';
import weights from '../../packages/recognition/src/handshape/weights.json';

const COMMITTED = path.resolve(import.meta.dirname, '../../packages/recognition/src/handshape/hold-sure.json');
const arg = argReader(process.argv.slice(2));
const out = path.resolve(arg.opt('--out') ?? COMMITTED);
const maxSureWrong = Number(arg.opt('--max-sure-wrong') ?? 0.01);
const every = Number(arg.opt('--every') ?? 1);
const FRAMES = 8;
const photos = path.join(sharedDir(), 'data', 'photos');
const modelDir = path.resolve(import.meta.dirname, '../../.cache/models');

interface Sign {
  file: string;
  label: string;
}
const staticSign = (label: string) => /^[a-ik-y0-9]$/i.test(label);
const signs: Sign[] = [
  ...(await readManifest(photos, 'massey'))
    .filter((r) => r.signer === 'hand3' && staticSign(r.label!))
    .map((r) => ({ file: path.join(photos, 'massey', r.path!), label: r.label!.toUpperCase() })),
  ...(await readManifest(photos, 'aslhg'))
    .filter((r) => r.signer === 'P10' && staticSign(r.label!))
    .map((r) => ({ file: path.join(photos, 'aslhg', r.path!), label: r.label!.toUpperCase() })),
  ...(await readManifest(photos, 'digits'))
    .filter((r) => Number(r.signer_group) >= 120 && Number(r.signer_group) < 140)
    .map((r) => ({ file: path.join(photos, 'digits', r.path!), label: r.label! })),
].filter((_, k) => k % every === 0);

await ensureModels(modelDir);
const pipe = await createHandPipeline({ ...LIVE_PIPELINE_OPTIONS, modelDir, variant: 'full-int8', intraOpThreads: 1 });
const answers: Array<{ confidence: number; correct: boolean }> = [];
for (const s of signs) {
  const classes = /^[0-9]$/.test(s.label) ? 'digits' : 'letters';
  const held = await holdSign(pipe, await webcamFrame(s.file), FRAMES, (h) =>
    classify(
      h.landmarks.map(([x, y, z]) => ({ x, y, z })),
      h.handedness === 'left' ? 'Left' : 'Right',
      classes,
    ),
  );
  // no hand read: never an answer (practice says nothing), so not counted either way
  if (!held.tracked) continue;
  answers.push({ confidence: held.confidence, correct: held.label === s.label });
}
await pipe.close();

const singleSureRate = Number(weights.calibration.sureRate ?? 1);
const chosen = chooseThresholdCapped(answers, maxSureWrong, singleSureRate);
const right = answers.filter((a) => a.correct).length;
const file: HoldSureFile = {
  threshold: chosen.threshold,
  fittedOn: `validation signers (Massey hand3, ASL-HG P10, digits groups 120-139; never trained on), ${answers.length} static signs with a hand${every > 1 ? ` (every ${every}th photo)` : ''}, each held ${FRAMES} frames through LIVE_PIPELINE_OPTIONS; the lowest threshold with at most ${maxSureWrong * 100}% of signs sure and wrong and at most ${(100 * singleSureRate).toFixed(2)}% sure (the classifier's single answers on the validation split at its threshold)`,
  signs: answers.length,
  sureRate: Number(chosen.sureRate.toFixed(4)),
  sureWrongRate: Number(chosen.sureWrongRate.toFixed(4)),
  calibration: { temperature: weights.calibration.temperature, sureThreshold: weights.calibration.sureThreshold },
};
console.log(
  `${answers.length} held signs of the validation signers, ${right} right (${((100 * right) / answers.length).toFixed(1)}%); hold threshold ${chosen.threshold}: sure ${(100 * chosen.sureRate).toFixed(1)}%, sure and wrong ${(100 * chosen.sureWrongRate).toFixed(2)}% (the classifier's one-answer threshold ${weights.calibration.sureThreshold}: sure ${((100 * answers.filter((a) => a.confidence >= weights.calibration.sureThreshold).length) / answers.length).toFixed(1)}%)`,
);
const config = await resolveConfig(out);
await writeFile(out, await format(JSON.stringify(file), { ...config, filepath: out }));
console.log(`-> ${out}`);
