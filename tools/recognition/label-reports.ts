/**
 * npm run label:reports -- REPORTS.jsonl --out REVIEWED.jsonl ID=LETTER|asked|none ...
 *
 * A person's verdict on learners' reports (exported by `npm run reports:export`, looked at with
 * `npm run eval:reports -- REPORTS.jsonl --sheet OUT.png`), written into each line's `label`: the
 * letter the hand really shows (`ID=S`), the letter the learner was asked for (`ID=asked`: the
 * learner was right, the reading wrong), or no label (`ID=none`: unclear, not a sign, set aside).
 * J and Z label a movement: `eval:reports` scores them; the handshape classifier does not train on them.
 * Lines not named keep the label they had. `npm run train:recognizer -- --reports REVIEWED.jsonl`
 * trains on the labelled lines; `npm run eval:reports -- REVIEWED.jsonl` scores a model against the
 * labels. An id may be given by its first 8 characters. Errors: one coded line, exit 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { shapeClassOf } from '../../packages/recognition/src/handshape/labels.js';
import { argReader } from './train/recipe.js';

export type Verdict = string | 'asked' | 'none';

export interface LabelResult {
  text: string;
  labelled: number;
  cleared: number;
  /** verdicts whose id matched no line, or more than one */
  unmatched: string[];
}

/** Parses `ID=LETTER|asked|none`; throws on anything else. */
export function parseVerdict(arg: string): { id: string; verdict: Verdict } {
  const m = /^([0-9a-zA-Z-]{4,})=(.+)$/.exec(arg);
  const v = m?.[2]!.trim() ?? '';
  if (!m || !(v === 'asked' || v === 'none' || shapeClassOf(v) !== null || /^[JZjz]$/.test(v)))
    throw new Error(`${arg}: expected ID=LETTER (a letter or digit), ID=asked or ID=none`);
  return { id: m[1]!, verdict: v === 'asked' || v === 'none' ? v : v.toUpperCase() };
}

/** Writes the verdicts into the lines of `text` (JSON lines with `id` and `target`). */
export function labelReports(text: string, verdicts: readonly { id: string; verdict: Verdict }[]): LabelResult {
  const lines = text.split(/\r?\n/);
  const parsed = lines.map((l) => {
    if (!l.trim()) return null;
    try {
      return JSON.parse(l) as Record<string, unknown>;
    } catch {
      return null;
    }
  });
  const result: LabelResult = { text: '', labelled: 0, cleared: 0, unmatched: [] };
  for (const { id, verdict } of verdicts) {
    const hits = parsed.flatMap((o, i) =>
      o && typeof o.id === 'string' && (o.id === id || (id.length >= 8 && o.id.startsWith(id))) ? [i] : [],
    );
    if (hits.length !== 1) {
      result.unmatched.push(`${id} (${hits.length ? `${hits.length} lines` : 'no line'})`);
      continue;
    }
    const o = parsed[hits[0]!]!;
    if (verdict === 'none') {
      delete o.label;
      result.cleared++;
    } else {
      o.label = verdict === 'asked' ? o.target : verdict;
      result.labelled++;
    }
    lines[hits[0]!] = JSON.stringify(o);
  }
  result.text = lines.join('\n');
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const { opt, positional } = argReader(args);
  const [file, ...rest] = positional(['--out']);
  const out = opt('--out');
  const fail = (code: string, message: string): never => {
    console.error(`error ${code}: ${message}`);
    process.exit(2);
  };
  if (!file || !out || !rest.length)
    fail('USAGE', 'npm run label:reports -- REPORTS.jsonl --out REVIEWED.jsonl ID=LETTER|asked|none ...');
  let verdicts: { id: string; verdict: Verdict }[] = [];
  try {
    verdicts = rest.map(parseVerdict);
  } catch (err) {
    fail('USAGE', (err as Error).message);
  }
  let text = '';
  try {
    text = readFileSync(file!, 'utf8');
  } catch (err) {
    fail('FILE_NOT_READABLE', `${file}: ${(err as Error).message}`);
  }
  const r = labelReports(text, verdicts);
  if (r.unmatched.length) fail('UNKNOWN_REPORT', `no single report for ${r.unmatched.join(', ')}; nothing written`);
  try {
    writeFileSync(out!, r.text);
  } catch (err) {
    fail('OUT_NOT_WRITABLE', `${out}: ${(err as Error).message}`);
  }
  console.log(`labelled ${r.labelled}, label cleared ${r.cleared}: ${out}`);
}
