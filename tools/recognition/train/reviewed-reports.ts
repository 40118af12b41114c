/**
 * Learners' reports, reviewed by a person, as training rows (`npm run train:recognizer -- --reports
 * FILE[,FILE]`). A report line (`npm run reports:export`) is the learner's word, not a label: a
 * person looks at it (`npm run eval:reports -- FILE --sheet OUT.png`) and writes the letter the hand
 * really shows into the line's `label` (`npm run label:reports`). Only lines with a `label` train;
 * the row is the hand the reading was made from (the line's last frame with a hand), in the same
 * units `npm run recognize -- --landmarks` reads it in. Lines labelled J or Z are movements, not
 * handshapes: counted, not trained on.
 */
import { readFileSync } from 'node:fs';
import { NUM_LANDMARKS } from '../../../packages/recognition/src/handshape/normalize.js';
import { shapeClassOf } from '../../../packages/recognition/src/handshape/labels.js';
import { handOf, jsonLines } from '../recognize/sequences.js';
import type { Sample } from './data.js';

interface ReviewedLine {
  id?: unknown;
  learner?: unknown;
  width?: unknown;
  height?: unknown;
  frames?: unknown;
  label?: unknown;
}

const isPoint = (p: unknown): p is number[] =>
  Array.isArray(p) && (p.length === 2 || p.length === 3) && p.every((v) => typeof v === 'number' && Number.isFinite(v));
const isHand = (h: unknown): h is number[][] => Array.isArray(h) && h.length === NUM_LANDMARKS && h.every(isPoint);

export interface ReviewedRows {
  samples: Sample[];
  /** lines without a label (not reviewed, or set aside) */
  unlabelled: number;
  /** lines labelled J or Z: a movement, read by the motion rules, not a handshape to train on */
  movements: number;
  /** "line N: why" for lines that cannot train */
  refused: string[];
}

/** What one line gives: a training row, no label, a movement (J or Z), or why it cannot train. */
function rowOf(o: ReviewedLine, line: number): Sample | 'unlabelled' | 'movement' | { refused: string } {
  if (o.label === undefined || o.label === null) return 'unlabelled';
  const label = typeof o.label === 'string' ? o.label.trim().toUpperCase() : '';
  if (label === 'J' || label === 'Z') return 'movement';
  const shape = shapeClassOf(label);
  if (!shape) return { refused: `label ${JSON.stringify(o.label)} is not a static letter or a digit` };
  const { width, height } = o;
  if (typeof width !== 'number' || typeof height !== 'number' || !(width > 0) || !(height > 0))
    return { refused: 'width and height must be positive numbers' };
  const hand = Array.isArray(o.frames) ? o.frames.filter(isHand).at(-1) : undefined;
  if (!hand) return { refused: 'no frame with a hand of 21 points' };
  const points = handOf(hand, width, height)!;
  return {
    source: 'reports',
    // the export's learner pseudonym when there is one (it names who signed, within that export)
    signer:
      typeof o.learner === 'string' ? o.learner : typeof o.id === 'string' ? `report ${o.id}` : `report line ${line}`,
    label,
    shape,
    xy: Float64Array.from(points.flatMap((p) => [p.x, p.y])),
    z: points.every((p) => p.z !== undefined) ? Float64Array.from(points.map((p) => p.z!)) : null,
    handedness: 'Unknown',
  };
}

/** The labelled lines of one reviewed export as samples (source `reports`). */
export function reviewedRows(text: string): ReviewedRows {
  const out: ReviewedRows = { samples: [], unlabelled: 0, movements: 0, refused: [] };
  for (const { line, value, notJson } of jsonLines(text)) {
    const r = notJson ? { refused: 'not JSON' } : rowOf((value ?? {}) as ReviewedLine, line);
    if (r === 'unlabelled') out.unlabelled++;
    else if (r === 'movement') out.movements++;
    else if ('refused' in r) out.refused.push(`line ${line}: ${r.refused}`);
    else out.samples.push(r);
  }
  return out;
}

/** Every labelled line of the files, as training rows; a line that cannot train is an error naming it. */
export function loadReviewedReports(files: readonly string[]): Sample[] {
  return files.flatMap((file) => {
    const rows = reviewedRows(readFileSync(file, 'utf8'));
    if (rows.refused.length) throw new Error(`${file}: ${rows.refused.slice(0, 5).join('; ')}`);
    console.log(
      `reviewed reports ${file}: ${rows.samples.length} labelled rows, ${rows.unlabelled} without a label, ${rows.movements} J or Z (not trained on)`,
    );
    return rows.samples;
  });
}
