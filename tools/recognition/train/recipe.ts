/**
 * The training recipe shared by train.ts and holdout.ts: which sources, which augmentation, how
 * many epochs, seeds and hidden units. Its defaults are the shipped configuration; every knob
 * is a command-line option so an experiment is one command.
 *
 *   [--train-sources boris,siruyy,signn,aslnow,massey,digits,aslhg] [--rot3d 15] [--rot3d-x deg]
 *   [--z-dropout 0.3 | --no-z] [--noise 0.02] [--rot 25] [--aspect 0.22] [--boost P:2,Q:2]
 *   [--source-weight aslhg:2] [--extra-readings full-int8-all | none] [--epochs N] [--seeds N] [--seed FIRST] [--hidden 128,64]
 *   [--no-without-z-view] (read a hand with z only with it, not also without it)
 *   [--no-palm-points] (no palm-frame block after the depth features; v4 and earlier)
 */
import type { MirrorMode } from '../../../packages/recognition/src/handshape/normalize.js';
import { DEFAULT_AUGMENT } from './augment.js';
import { LANDMARK_SOURCES, PHOTO_SOURCES, type Source } from './data.js';
import { DEFAULT_PIPELINE, type PipelineOptions } from './pipeline.js';
import { readingsOption } from './readings.js';

/** The sources of the shipped model (v4 adds aslnow and aslhg to v3's five). */
export const DEFAULT_TRAIN_SOURCES: readonly Source[] = [...LANDMARK_SOURCES, ...PHOTO_SOURCES];
/** v3's sources, for baselines: `--train-sources v3`. */
export const V3_TRAIN_SOURCES: readonly Source[] = ['boris', 'siruyy', 'signn', 'massey', 'digits'];

export interface Recipe {
  sources: Source[];
  pipe: PipelineOptions;
  extraReadings: string[];
  /** reviewed report exports whose labelled lines are extra training rows (reviewed-reports.ts) */
  reports: string[];
  epochs: number;
  seeds: number;
  /** the first seed (seeds seed..seed+seeds-1) */
  seed: number;
  hidden: number[];
  mode: MirrorMode;
  /** the classifier also reads a hand with z without it and averages (weights' withoutZView) */
  withoutZView: boolean;
}

export function argReader(args: readonly string[]) {
  return {
    opt: (n: string): string | undefined => {
      const i = args.indexOf(n);
      return i >= 0 ? args[i + 1] : undefined;
    },
    flag: (n: string): boolean => args.includes(n),
    /** The arguments that are neither options nor the values of the options in `valued`. */
    positional: (valued: readonly string[] = []): string[] =>
      args.filter((a, k) => !a.startsWith('--') && !(k > 0 && valued.includes(args[k - 1]))),
  };
}

function keyValues(text: string | undefined, upper: boolean): Record<string, number> {
  return Object.fromEntries(
    (text ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => {
        const [k, v] = kv.split(':');
        return [upper ? k.toUpperCase() : k, Number(v)];
      }),
  );
}

export function recipeFromArgs(args: readonly string[], defaults: { epochs: number; seeds: number }): Recipe {
  const { opt, flag } = argReader(args);
  const mode = (opt('--mode') ?? 'chirality') as MirrorMode;
  const src = opt('--train-sources');
  const sources = (
    src === undefined ? [...DEFAULT_TRAIN_SOURCES] : src === 'v3' ? [...V3_TRAIN_SOURCES] : src.split(',')
  ) as Source[];
  for (const s of sources)
    if (![...LANDMARK_SOURCES, ...PHOTO_SOURCES].includes(s as never)) throw new Error(`unknown source ${s}`);
  const rot3d = Number(opt('--rot3d') ?? 15);
  const pipe: PipelineOptions = {
    ...DEFAULT_PIPELINE,
    mirrorMode: mode,
    augment: flag('--no-aug')
      ? null
      : {
          ...DEFAULT_AUGMENT,
          aspectLogStd: Number(opt('--aspect') ?? DEFAULT_AUGMENT.aspectLogStd),
          maxRotationDeg: Number(opt('--rot') ?? DEFAULT_AUGMENT.maxRotationDeg),
          noise: Number(opt('--noise') ?? DEFAULT_AUGMENT.noise),
        },
    mirrorAug: (opt('--mirror-aug') ?? DEFAULT_PIPELINE.mirrorAug) as 'unknown' | 'all',
    masseyPerGroup: Number(opt('--massey-per-group') ?? DEFAULT_PIPELINE.masseyPerGroup),
    zDropout: flag('--no-z') ? null : Number(opt('--z-dropout') ?? 0.3),
    rot3dDeg: rot3d,
    rot3dTiltDeg: Number(opt('--rot3d-x') ?? rot3d),
    classBoost: keyValues(opt('--boost'), true),
    sourceWeight: keyValues(opt('--source-weight'), false),
    palmPoints: !flag('--no-palm-points') && !flag('--no-z'),
  };
  return {
    sources,
    pipe,
    extraReadings: readingsOption(opt('--extra-readings')),
    reports: (opt('--reports') ?? '').split(',').filter(Boolean),
    epochs: Number(opt('--epochs') ?? defaults.epochs),
    seeds: Number(opt('--seeds') ?? defaults.seeds),
    seed: Number(opt('--seed') ?? 1),
    hidden: (opt('--hidden') ?? '128,64').split(',').map(Number),
    mode,
    withoutZView: !flag('--no-without-z-view') && !flag('--no-z'),
  };
}

/** How the recipe's classifier reads a sample. */
export function readingOf(r: Recipe) {
  return {
    mode: r.mode,
    useZ: r.pipe.zDropout !== null,
    withoutZView: r.withoutZView,
    palmPoints: r.pipe.palmPoints === true,
  };
}

export function describeRecipe(r: Recipe): string {
  const a = r.pipe.augment;
  return [
    `sources ${r.sources.join(',')}`,
    `extra readings ${r.extraReadings.join('+') || 'none'}`,
    `epochs ${r.epochs}`,
    `seeds ${r.seed}..${r.seed + r.seeds - 1}`,
    `hidden ${r.hidden.join(',')}`,
    `z-dropout ${r.pipe.zDropout}`,
    `rot3d ±${r.pipe.rot3dDeg}° side, ±${r.pipe.rot3dTiltDeg}° tilt`,
    a ? `rot ±${a.maxRotationDeg}° aspect ${a.aspectLogStd} noise ${a.noise}` : 'no augmentation',
    `boost ${JSON.stringify(r.pipe.classBoost)}`,
    `source weight ${JSON.stringify(r.pipe.sourceWeight)}`,
    `palm points ${r.pipe.palmPoints ? 'yes' : 'no'}`,
    `reading ${r.withoutZView ? 'with and without z, averaged' : 'one view'}`,
    ...(r.reports.length ? [`reviewed reports ${r.reports.join('+')}`] : []),
  ].join('; ');
}
