/**
 * npm run eval:reports -- REPORTS.jsonl [--weights W.json] [--sheet OUT.png]
 *
 * How a model reads the hands learners reported with "This feedback is wrong" (exported by
 * `npm run reports:export`): each report is the hand a reading was made from, the letter the
 * learner was asked for and what the recogniser said then. Each hand is read as `npm run recognize
 * -- --landmarks` reads a sequence (letters, or digits for a digit), by the shipped classifier or
 * `--weights` (a candidate, e.g. a fold model or a retrained weights.json). Prints how many are now
 * read as the letter asked for, how many still as before, how many are sure of another letter, and
 * the commonest readings. The learner's word is not ground truth (a report may be a sign made
 * wrongly), so this is for looking at, and for comparing models on the same reports: `--sheet`
 * draws every report's hand (and the fingertips' paths of its movement) with what was asked and
 * read, for a person to look at before any report is trusted as a label (report-sheet.ts).
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { getDefaultModel, type LoadedModel } from '../../packages/recognition/src/handshape/classifier.js';
import { loadFoldModel } from './fold-model.js';
import { handOf, jsonLines, recognizeSequence, type SequenceInput } from './recognize/sequences.js';
import { reportSheet } from './report-sheet.js';
import { argReader } from './train/recipe.js';

export interface ReportInput extends SequenceInput {
  target: string;
  detected: string | null;
  /** what a person who looked at the report says the hand shows (`npm run label:reports`) */
  label?: string;
}

/** One report read again: what was asked, read then and read now, and its hands in the line's units. */
export interface ReportReading {
  id: string;
  target: string;
  detected: string | null;
  label: string;
  sure: boolean;
  /** the reviewer's label, when the line has one */
  reviewed: string | null;
  /** every frame's hand (x, y in units of the line's frame; null: no hand), oldest first */
  frames: (number[][] | null)[];
}

export interface ReportTally {
  reports: number;
  /** lines that are not a report with a hand */
  unusable: number;
  asAsked: number;
  asAskedSure: number;
  asBefore: number;
  sureOther: number;
  /** reports a person labelled, read as labelled (and sure), and sure of another letter than the label */
  labelled: number;
  asLabelled: number;
  asLabelledSure: number;
  sureNotLabelled: number;
  /** "asked→read" for reports not read as asked, most common first */
  readings: [string, number][];
}

const isReport = (o: unknown): o is ReportInput =>
  typeof o === 'object' &&
  o !== null &&
  typeof (o as ReportInput).target === 'string' &&
  Array.isArray((o as ReportInput).frames);

/** Reads every report line of `text` with `model` (letters, or digits for a digit asked for). */
export function readReports(
  text: string,
  model: LoadedModel = getDefaultModel(),
): { readings: ReportReading[]; unusable: number } {
  const readings: ReportReading[] = [];
  let unusable = 0;
  for (const { value: o, notJson } of jsonLines(text)) {
    if (notJson || !isReport(o)) {
      unusable++;
      continue;
    }
    const r = recognizeSequence(o, /^[0-9]$/.test(o.target) ? 'digits' : 'letters', model);
    if (r.error || r.label === null) {
      unusable++;
      continue;
    }
    const frames = o.frames.map((f) => handOf(f, o.width, o.height)?.map((p) => [p.x, p.y]) ?? null);
    const reviewed = typeof o.label === 'string' ? o.label : null;
    readings.push({ id: o.id, target: o.target, detected: o.detected, label: r.label, sure: r.sure, reviewed, frames });
  }
  return { readings, unusable };
}

/** The counts of `readReports`. */
export function tally(readings: readonly ReportReading[], unusable: number): ReportTally {
  const t: ReportTally = {
    reports: 0,
    unusable,
    asAsked: 0,
    asAskedSure: 0,
    asBefore: 0,
    sureOther: 0,
    labelled: 0,
    asLabelled: 0,
    asLabelledSure: 0,
    sureNotLabelled: 0,
    readings: [],
  };
  const other = new Map<string, number>();
  for (const r of readings) {
    t.reports++;
    if (r.label === r.target) {
      t.asAsked++;
      if (r.sure) t.asAskedSure++;
    } else {
      if (r.sure) t.sureOther++;
      const k = `${r.target}→${r.label}`;
      other.set(k, (other.get(k) ?? 0) + 1);
    }
    if (r.label === r.detected) t.asBefore++;
    if (r.reviewed !== null) {
      t.labelled++;
      if (r.label === r.reviewed) {
        t.asLabelled++;
        if (r.sure) t.asLabelledSure++;
      } else if (r.sure) t.sureNotLabelled++;
    }
  }
  t.readings = [...other].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return t;
}

/** Reads every report line of `text` with `model` and counts. */
export function tallyReports(text: string, model: LoadedModel = getDefaultModel()): ReportTally {
  const { readings, unusable } = readReports(text, model);
  return tally(readings, unusable);
}

/** The tally as the lines the command prints. */
export function describeTally(t: ReportTally, modelName: string): string[] {
  const pc = (n: number) => (t.reports ? `${((100 * n) / t.reports).toFixed(1)}%` : '-');
  return [
    `reports with a hand: ${t.reports}${t.unusable ? ` (${t.unusable} lines not usable)` : ''}; read by ${modelName}`,
    `  read as the letter asked for: ${t.asAsked} (${pc(t.asAsked)}), sure ${t.asAskedSure}`,
    `  read as it was read then: ${t.asBefore} (${pc(t.asBefore)})`,
    `  sure of another letter: ${t.sureOther} (${pc(t.sureOther)})`,
    `  read otherwise: ${t.readings.length ? t.readings.map(([k, n]) => `${k} ${n}`).join(', ') : 'none'}`,
    ...(t.labelled
      ? [
          `  labelled by a person: ${t.labelled}; read as labelled ${t.asLabelled} (${((100 * t.asLabelled) / t.labelled).toFixed(1)}%), sure ${t.asLabelledSure}; sure of another letter ${t.sureNotLabelled} (${((100 * t.sureNotLabelled) / t.labelled).toFixed(1)}%)`,
        ]
      : []),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const { opt, positional } = argReader(args);
  const [file] = positional(['--weights', '--sheet']);
  if (!file) {
    console.error(
      'usage: npm run eval:reports -- REPORTS.jsonl [--weights W.json] [--sheet OUT.png]   (REPORTS.jsonl from npm run reports:export)',
    );
    process.exit(2);
  }
  const weights = opt('--weights');
  const sheet = opt('--sheet');
  const model = weights ? loadFoldModel(weights) : getDefaultModel();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    console.error(`error FILE_NOT_READABLE: ${file}: ${(err as Error).message}`);
    process.exit(2);
  }
  const { readings, unusable } = readReports(text, model);
  for (const line of describeTally(tally(readings, unusable), weights ?? 'the shipped classifier')) console.log(line);
  if (sheet) {
    await writeFile(sheet, await reportSheet(readings));
    console.log(`  drawn: ${sheet} (${readings.length} hands)`);
  }
}
