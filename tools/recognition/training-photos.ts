/**
 * Photos of training signers only (Massey hand1-hand2, digits groups 0-119; never a validation or
 * test signer), spread evenly over each set: what the tools that fit something to the landmark
 * model measure on (`calibrate:landmarks`, `fit:crop-size`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const rows = async (photos: string, set: string): Promise<string[][]> =>
  (await readFile(path.join(photos, set, 'manifest.csv'), 'utf8'))
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(','));

/** n items spread evenly over xs (all of them when there are fewer) */
export const spread = <T>(xs: readonly T[], n: number): T[] =>
  Array.from({ length: Math.min(n, xs.length) }, (_, i) => xs[Math.floor((i * xs.length) / Math.min(n, xs.length))]!);

/** nPhotos Massey photos of hand1-hand2 and half as many digits photos of groups 0-119, as paths */
export async function trainingSignerPhotos(photos: string, nPhotos: number): Promise<string[]> {
  const massey = (await rows(photos, 'massey')).filter((r) => r[2] === 'hand1' || r[2] === 'hand2');
  const digits = (await rows(photos, 'digits')).filter((r) => Number(r[3]) < 120);
  return [
    ...spread(
      massey.map((r) => path.join(photos, 'massey', r[0]!)),
      nPhotos,
    ),
    ...spread(
      digits.map((r) => path.join(photos, 'digits', r[0]!)),
      Math.round(nPhotos / 2),
    ),
  ];
}
