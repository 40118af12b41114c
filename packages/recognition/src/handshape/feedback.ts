/** One short, actionable hint for a target letter or digit. */
import { handState, type Finger } from './finger-state.js';
import type { Handedness, Landmark } from './normalize.js';
import type { Classification } from './classifier.js';
import { templateFor } from './letter-templates.js';
import { differences, type Difference } from './template-match.js';

export interface Feedback {
  correct: boolean;
  hint: string;
}

/** Minimum restricted confidence for the classifier's agreement to count as correct. */
export const CORRECT_CONFIDENCE = 0.5;

function list(names: Finger[]): string {
  const joined = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${joined} ${names.length === 1 ? 'finger' : 'fingers'}`;
}

export function hintFor(d: Difference, target: string): string {
  switch (d.kind) {
    case 'pointing':
      return target === 'P' || target === 'Q'
        ? 'Point your index finger down'
        : 'Turn your hand so your fingers point sideways';
    case 'finger': {
      const curve = templateFor(target)?.fingerHint;
      if (curve) return curve;
      if (d.want === 'extended') return `Straighten your ${list(d.fingers)}`;
      if (d.want === 'curled') return `Curl your ${list(d.fingers)}`;
      return `Bend your ${list(d.fingers)}`;
    }
    case 'crossed':
      return d.want ? 'Cross your middle finger over your index finger' : 'Uncross your index and middle fingers';
    case 'spread':
      return d.want ? 'Spread your index and middle fingers' : 'Keep your index and middle fingers together';
    case 'thumb':
      return d.hint;
    case 'touching':
      return `Touch your thumb to your ${d.finger} fingertip`;
  }
}

function article(t: string): string {
  return /^[AEFHILMNORSX8]$/.test(t) ? 'an' : 'a';
}

/**
 * correct = the classifier (restricted to the target's class set by the caller) reads the
 * target with enough confidence. Otherwise the hint names the most important template
 * difference; if the templates see none, it names what the hand looks like instead.
 * For J and Z (motion letters) pass the motion detector's verdict as classification
 * (label 'J'/'Z'); the handshape is still checked against I / index-up templates.
 */
export function feedbackFor(
  target: string,
  landmarks: readonly Landmark[],
  handedness: Handedness,
  classification: Classification,
): Feedback {
  const t = target.toUpperCase();
  const tpl = templateFor(t);
  if (!tpl) throw new Error(`no template for target ${target}`);
  const agrees = classification.label.toUpperCase() === t && classification.confidence >= CORRECT_CONFIDENCE;
  if (agrees) return { correct: true, hint: `That's ${article(t)} ${t} — well done!` };
  const diffs = differences(tpl, handState(landmarks, handedness));
  if (diffs.length > 0) return { correct: false, hint: hintFor(diffs[0], t) };
  if (t === 'J') return { correct: false, hint: 'Good I shape — now draw a J with your pinky' };
  if (t === 'Z') return { correct: false, hint: 'Good index shape — now draw a Z with your index finger' };
  return {
    correct: false,
    hint: `That looks more like ${article(classification.label)} ${classification.label} — compare your thumb and fingers with the ${t} picture`,
  };
}
