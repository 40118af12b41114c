/**
 * npm run eval:live -- --fold-models DIR [--set massey|aslhg] [--every N] [--frames 8] [--landmark-size 224]
 *
 * Held signs in live practice, on people the classifier never saw: each letter photo of the set
 * (Massey hand1-3, or ASL-HG) becomes a 320x240 webcam frame as the browser sends it (the photo
 * 240 px tall, letterboxed on black, JPEG quality 80), read through the live pipeline for
 * --frames frames with tracking, every tracked frame classified by the fold model that never saw
 * the set (DIR/<set>.json, from `npm run eval:recognizer -- --holdout sources --fold-models DIR`)
 * with the shipped model's calibration, and the sign decided by the mean of those frames'
 * probabilities (as the stabilizer smooths); sure when that letter's mean probability reaches
 * practice's threshold for a hold (holdSureThreshold, as practice decides over its 500 ms window).
 * The benefit of the doubt toward the asked letter (targetDoubtThreshold) is reported for each
 * configuration: right signs told wrong (a sure hold of another letter) without and with it, and
 * the true wrong verdicts it withholds (each sign asked every letter but its own and the one read).
 * Compares the live options of before 2026-11-25 (palm search at pad 1 then 2) with the shipped
 * LIVE_PIPELINE_OPTIONS (the weak first reading searched again, every other frame mirrored, a
 * 192 crop, the frame also searched turned); --landmark-size N adds the shipped options with
 * another crop size, --upright the shipped options without the turned palm searches.
 */
import path from 'node:path';
import { createHandPipeline } from '../../apps/server/src/recognition/landmarks/pipeline.js';
import { LIVE_PIPELINE_OPTIONS } from '../../packages/recognition/src/landmarks/live.js';
import type { PipelineOptions } from '../../packages/recognition/src/landmarks/hand-pipeline.js';
import { classify } from '../../packages/recognition/src/handshape/classifier.js';
import { loadFoldModel } from './fold-model.js';
import { holdSureThreshold } from '../../packages/recognition/src/handshape/hold-sure.js';
import { targetDoubtThreshold } from '../../packages/recognition/src/handshape/target-doubt.js';
import { STATIC_LETTERS } from '../../packages/recognition/src/handshape/labels.js';
import { doubtFigures, type DoubtRow } from './train/target-doubt.js';
import { ensureModels } from './convert/ensure-models.js';
import { sharedDir } from '../shared-dir.mjs';
import { holdSign, webcamFrame } from './live-hold.js';
import { readManifest } from './photo-manifest.js';

const args = process.argv.slice(2);
const opt = (n: string, d?: string) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : d;
};
const set = opt('--set', 'massey')!;
const every = Number(opt('--every', '3'));
const frames = Number(opt('--frames', '8'));
const foldDir = opt('--fold-models');
const cropSize = opt('--landmark-size');
const upright = args.includes('--upright');
if (!foldDir) {
  console.error(
    'usage: npm run eval:live -- --fold-models DIR [--set massey|aslhg] [--every N] [--frames 8] [--landmark-size N] [--upright]',
  );
  process.exit(2);
}
// the fold model with the shipped model's calibration (temperature and sure threshold)
const model = loadFoldModel(path.join(foldDir, `${set}.json`));
// practice's threshold for a hold (fitted on the validation signers by `npm run fit:hold-sure`)
const sureAt = holdSureThreshold();
const doubt = targetDoubtThreshold();
const base = path.join(sharedDir(), 'data', 'photos', set);
const rows = (await readManifest(path.join(sharedDir(), 'data', 'photos'), set))
  // static letters of everyone but the test signer (Massey hand4)
  .filter((r) => /^[a-ik-y]$/i.test(r.label) && r.signer !== 'hand4')
  .filter((_, k) => k % every === 0);

const modelDir = path.resolve(import.meta.dirname, '../../.cache/models');
await ensureModels(modelDir);
const configs: Record<string, PipelineOptions> = {
  'before (pad 1, then 2)': {
    ...LIVE_PIPELINE_OPTIONS,
    detectAttempts: [{ pad: 1 }, { pad: 2 }],
    retryBelow: undefined,
    alternateMirror: false,
  },
  'shipped LIVE_PIPELINE_OPTIONS': LIVE_PIPELINE_OPTIONS,
  ...(cropSize
    ? { [`shipped, landmark crop ${cropSize}`]: { ...LIVE_PIPELINE_OPTIONS, landmarkSize: Number(cropSize) } }
    : {}),
  ...(upright
    ? {
        'shipped, upright palm search only': {
          ...LIVE_PIPELINE_OPTIONS,
          detectAttempts: LIVE_PIPELINE_OPTIONS.detectAttempts!.filter((a) => !a.rotate),
        },
      }
    : {}),
};
for (const [name, o] of Object.entries(configs)) {
  const pipe = await createHandPipeline({ ...o, modelDir, variant: 'full-int8', intraOpThreads: 1 });
  let right = 0;
  let sureRight = 0;
  let sureWrong = 0;
  let frameRight = 0;
  let frameN = 0;
  let detectorRuns = 0;
  const doubtRows: DoubtRow[] = [];
  const confusions = new Map<string, number>();
  for (const r of rows) {
    const want = r.label.toUpperCase();
    const held = await holdSign(pipe, await webcamFrame(path.join(base, r.path)), frames, (h) =>
      classify(
        h.landmarks.map(([x, y, z]) => ({ x, y, z })),
        h.handedness === 'left' ? 'Left' : 'Right',
        'letters',
        model,
      ),
    );
    detectorRuns += held.detectorRuns;
    frameN += held.tracked;
    frameRight += held.frameLabels.filter((l) => l === want).length;
    if (held.label === want) right++;
    else {
      const k = `${want}->${held.label ?? 'no hand'}`;
      confusions.set(k, (confusions.get(k) ?? 0) + 1);
    }
    // sure as practice decides it: the leading letter's mean probability over the hold (the
    // tracked frames here, about HandReader's 500 ms window at 15 fps) reaches the threshold
    if (held.label !== undefined && held.confidence >= sureAt) {
      if (held.label === want) sureRight++;
      else sureWrong++;
    }
    doubtRows.push({ p: STATIC_LETTERS.map((l) => held.probabilities[l] ?? 0), truth: STATIC_LETTERS.indexOf(want) });
  }
  await pipe.close();
  const pc = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
  console.log(
    `${set}, ${name}: held signs ${right}/${rows.length} (${pc(right, rows.length)}), sure and right ${sureRight} (${pc(sureRight, rows.length)}), sure and wrong ${sureWrong}, tracked frames ${frameRight}/${frameN} (${pc(frameRight, frameN)}), palm detector ${(detectorRuns / rows.length).toFixed(2)} runs a sign of ${frames} frames`,
  );
  const d = doubtFigures(doubtRows, sureAt, doubt);
  console.log(
    `  the doubt toward the asked letter (${doubt}): right signs told wrong ${Math.round(d.rightToldWrongBefore * d.answers)} -> ${Math.round(d.rightToldWrong * d.answers)}, wrong verdicts withheld ${pc(d.withheld, 1)} (the runner-up asked: ${pc(d.withheldRunnerUp, 1)})`,
  );
  const top = [...confusions].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`  wrong: ${top.map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
}
