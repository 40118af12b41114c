/**
 * The benefit of the doubt toward the letter practice asked for.
 *
 * Practice knows the letter it asked for. When a held hand is read as another letter, but the
 * asked letter is still a plausible reading of it (its calibrated probability, averaged over the
 * hold, at least this threshold), the reading is not sure: practice asks the learner to adjust and
 * counts nothing, instead of telling someone who may have signed the letter right that it "looks
 * more like" another. On people and cameras the networks never saw, a right sign read sure as
 * another letter often still gives the asked letter a few percent (siruyy's P read as H: 29 of 37
 * such holds; ASLNow's R read as U: 5 of 8), while a sign of another letter rarely gives the asked
 * letter as much. Not always: none of ASLNow's 18 Ms read sure as T gives M that much.
 *
 * `npm run fit:target-doubt -- RUN.json ...` chooses the threshold on saved leave-one-source-out
 * answers (sources never trained on): the lowest at which the true wrong verdicts it withholds
 * (each answer read sure, asked every letter but the one signed and the one read) average at most
 * 1% over the sources, each source weighed the same, and writes target-doubt.json with the
 * calibration it was chosen against; a test fails when weights.json or hold-sure.json has changed
 * since.
 */
import targetDoubt from './target-doubt.json';

export interface TargetDoubtFile {
  threshold: number;
  fittedOn: string;
  /** the share of true wrong verdicts the rule may withhold, averaged over the sources */
  maxWithheld: number;
  /** what it was chosen against: weights.json's temperature and hold-sure.json's threshold */
  calibration: { temperature: number; holdThreshold: number };
  /** each held-out source's figures at the threshold chosen without it (nested) */
  heldOut: Record<
    string,
    {
      threshold: number;
      rightToldWrongBefore: number;
      rightToldWrong: number;
      withheld: number;
      withheldRunnerUp: number;
    }
  >;
}

export const TARGET_DOUBT = targetDoubt as TargetDoubtFile;

/** The asked letter's mean probability over a hold from which another letter's reading is not sure. */
export function targetDoubtThreshold(file: TargetDoubtFile = TARGET_DOUBT): number {
  return file.threshold;
}
