/**
 * Photos of training signers only (Massey hand1-hand2, digits groups 0-119; never a validation or
 * test signer), spread evenly over each set: what the tools that fit something to the landmark
 * model measure on (`calibrate:landmarks`, `fit:crop-size`).
 */
import path from 'node:path';
import { readManifest } from './photo-manifest.js';

/** n items spread evenly over xs (all of them when there are fewer) */
export const spread = <T>(xs: readonly T[], n: number): T[] =>
  Array.from({ length: Math.min(n, xs.length) }, (_, i) => xs[Math.floor((i * xs.length) / Math.min(n, xs.length))]!);

/** nPhotos Massey photos of hand1-hand2 and half as many digits photos of groups 0-119, as paths */
export async function trainingSignerPhotos(photos: string, nPhotos: number): Promise<string[]> {
  const massey = (await readManifest(photos, 'massey')).filter((r) => r.signer === 'hand1' || r.signer === 'hand2');
  const digits = (await readManifest(photos, 'digits')).filter((r) => Number(r.signer_group) < 120);
  return [
    ...spread(
      massey.map((r) => path.join(photos, 'massey', r.path!)),
      nPhotos,
    ),
    ...spread(
      digits.map((r) => path.join(photos, 'digits', r.path!)),
      Math.round(nPhotos / 2),
    ),
  ];
}
