/**
 * How well the shipped handshape classifier reads people it never saw, as the model card reports
 * it (leave-one-ASL-HG-signer-out and leave-one-source-out validation). The JSON is written from
 * MODEL_CARD.md by tools/recognition/card-figures.ts, never by hand; a unit test fails when the
 * two disagree. Shown to learners on the app's "About recognition" page.
 */
import figures from './held-out-figures.json';

export interface HeldOutFigures {
  /** where the figures come from */
  source: string;
  /** how many people were each left out of training in turn */
  people: number;
  /** letters and digits read right, pooled over the people left out */
  letters: { correct: number; total: number };
  digits: { correct: number; total: number };
  /** percent of answers given as sure (the rest ask the learner to adjust) */
  sure: number;
  /** answers given as sure and wrong */
  sureButWrong: { count: number; total: number; percent: number };
  /** letters read right (percent) for each person left out */
  perPerson: { person: string; letters: number }[];
  /** percent right per static letter; low < high where the card gives a range */
  perLetter: { letter: string; low: number; high: number }[];
  /** the most frequent mistakes: the letter signed, the letter read, how often */
  confusions: { signed: string; read: string; count: number }[];
  /** groups of letters the model card names as looking alike */
  lookAlike: string[][];
  /** percent right (letters, digits) on a whole collection of pictures left out of training */
  sources: { name: string; letters: number | null; digits: number | null }[];
}

export const HELD_OUT_FIGURES: HeldOutFigures = figures;
