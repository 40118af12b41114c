/**
 * The shipped configuration's extra landmark readings: the training photos read again by the
 * all-int8 landmark model (full-int8-all, whose errors are about twice full-int8's) join the float
 * model's readings as extra training rows: a realistic landmark-noise augmentation, chosen by
 * leave-one-Massey-signer-out (see the model card). Shared by train.ts and loso-massey.ts.
 */
export const TRAIN_EXTRA_READINGS: readonly string[] = ['full-int8-all'];

/** `--extra-readings a,b` (variants or folders); `none` for none; absent: the shipped default. */
export function readingsOption(value: string | undefined): string[] {
  if (value === undefined) return [...TRAIN_EXTRA_READINGS];
  if (value === 'none') return [];
  return value.split(',').filter(Boolean);
}
