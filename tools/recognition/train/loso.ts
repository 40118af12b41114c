/** Leave-one-source-out evaluation on the landmark CSV sets (used until photo landmarks exist). */
import type { MirrorMode } from '../../../packages/recognition/src/handshape/normalize.js';
import { namesFor, SHAPE_CLASSES, STATIC_LETTERS } from '../../../packages/recognition/src/handshape/labels.js';
import type { Sample } from './data.js';
import {
  DEFAULT_PIPELINE,
  epochMaker,
  evaluate,
  formatConfusion,
  formatEval,
  toDataset,
  type EvalResult,
} from './pipeline.js';
import { computeStandardizer, DEFAULT_TRAIN, train, type TrainOptions } from './trainer.js';

export function leaveOneSourceOut(
  csv: Sample[],
  mode: MirrorMode,
  epochs: number,
  o: Partial<TrainOptions> = {},
  confusion = false,
): EvalResult[] {
  const out: EvalResult[] = [];
  for (const held of ['signn', 'siruyy', 'boris'] as const) {
    const tr = csv.filter((s) => s.source !== held);
    const te = csv.filter((s) => s.source === held);
    const std = computeStandardizer(toDataset(tr, mode).x);
    const opts = { ...DEFAULT_TRAIN, ...o, fixedEpochs: epochs, log: undefined };
    const { model } = train(
      epochMaker(tr, { ...DEFAULT_PIPELINE, mirrorMode: mode }, opts.seed + 17),
      null,
      SHAPE_CLASSES.length,
      std,
      opts,
    );
    const r = evaluate(model, te, mode, namesFor('letters'));
    console.log(formatEval(`LOSO held-out ${held} (trained on the other two; letters, restricted)`, r, STATIC_LETTERS));
    if (confusion) console.log(formatConfusion(r, STATIC_LETTERS));
    out.push(r);
  }
  return out;
}
