/**
 * When a held sign is sure, in live practice.
 *
 * Practice decides on the hold, not on one frame: the leading handshape's calibrated probability,
 * averaged over the last half second of frames (practice's HandReader). That average is not the
 * single answer the classifier's `sure` threshold was chosen for: the frames of a hold disagree a
 * little (every other one is read from the mirrored crop), and a mean of probabilities that
 * disagree is lower than each of them, so a hold of a right sign sits below the one-answer
 * threshold more often than a single answer does. `npm run fit:hold-sure` reads the validation
 * signers' photos (never trained on) as live practice reads them, held for 8 frames, and chooses
 * the threshold for the hold's mean: the lowest at which at most 1% of the held signs are sure and
 * wrong and no more of them are sure than the classifier's single answers on the same validation
 * split (the classifier's threshold is chosen on sources never seen; the hold is never more
 * lenient). It is written to hold-sure.json with the calibration it was fitted against, and a test
 * fails when weights.json has changed since.
 */
import holdSure from './hold-sure.json';

export interface HoldSureFile {
  threshold: number;
  /** what it was fitted on, and the figures there */
  fittedOn: string;
  signs: number;
  sureRate: number;
  sureWrongRate: number;
  /** the classifier calibration in force when it was fitted (weights.json's) */
  calibration: { temperature: number; sureThreshold: number };
}

export const HOLD_SURE = holdSure as HoldSureFile;

/** The threshold for a hold's mean calibrated probability (practice's `sure`). */
export function holdSureThreshold(file: HoldSureFile = HOLD_SURE): number {
  return file.threshold;
}
