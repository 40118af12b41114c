/** Command line of `npm run recognize` (pure: parsed into options, no I/O). */
import type { ClassSet } from '../../../packages/recognition/src/handshape/labels.js';
import type { LandmarkVariant } from '../../../packages/recognition/src/landmarks/hand-pipeline.js';

export const USAGE =
  'usage: npm run recognize -- [--classes letters|digits|all] [--variant full|full-int8|lite] [--one-reading] [--files-from LIST|-] FILE|DIR ...\n' +
  '       npm run recognize -- [--classes letters|digits|all] --landmarks FILE.jsonl|-\n' +
  '(images: all classes unless --classes says otherwise; landmark sequences: letters)';

export interface RecognizeArgs {
  /** default: all for photos; letters for --landmarks ("landmark sequences in, letters out": a D is not read as 1) */
  classes: ClassSet;
  /** landmark model; default: the one the server serves */
  variant: LandmarkVariant;
  /** files and folders given on the command line */
  inputs: string[];
  /** a file listing more inputs, one a line; '-' = standard input */
  filesFrom: string | null;
  /** landmark sequences (JSON lines) instead of images; '-' = standard input */
  landmarks: string | null;
  /** read each photo once, not also mirrored (half the time, less often right) */
  oneReading: boolean;
}

const VALUED = ['--classes', '--variant', '--files-from', '--landmarks'];

export function parseRecognizeArgs(argv: readonly string[], servedVariant: LandmarkVariant): RecognizeArgs | string {
  const out: RecognizeArgs = {
    classes: 'all',
    variant: servedVariant,
    inputs: [],
    filesFrom: null,
    landmarks: null,
    oneReading: false,
  };
  let classesGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      out.inputs.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('--')) {
      out.inputs.push(a);
      continue;
    }
    if (a === '--one-reading') {
      out.oneReading = true;
      continue;
    }
    if (!VALUED.includes(a)) return `unknown option ${a}\n${USAGE}`;
    const v = argv[++i];
    if (v === undefined) return `${a} needs a value\n${USAGE}`;
    if (a === '--classes') {
      if (!['letters', 'digits', 'all'].includes(v)) return '--classes must be letters, digits or all';
      out.classes = v as ClassSet;
      classesGiven = true;
    } else if (a === '--variant') {
      if (!['full', 'full-int8', 'lite', 'full-int8-all'].includes(v))
        return '--variant must be full, full-int8, full-int8-all or lite';
      out.variant = v as LandmarkVariant;
    } else if (a === '--files-from') out.filesFrom = v;
    else out.landmarks = v;
  }
  if (out.landmarks !== null && (out.inputs.length || out.filesFrom !== null))
    return `--landmarks takes no image files\n${USAGE}`;
  if (out.landmarks === null && !out.inputs.length && out.filesFrom === null) return USAGE;
  if (out.landmarks !== null && !classesGiven) out.classes = 'letters';
  return out;
}

/** The paths of a --files-from list: one a line, blank lines and surrounding spaces ignored. */
export function parseFileList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}
