/** Compares a hand state with a target's template; returns differences, most important first. */
import { FINGERS, type Finger, type HandState } from './finger-state.js';
import { templateFor, type LetterTemplate } from './letter-templates.js';

export type Difference =
  | { kind: 'pointing' }
  | { kind: 'finger'; fingers: Finger[]; want: 'extended' | 'curled' | 'bent' }
  | { kind: 'crossed'; want: boolean }
  | { kind: 'spread'; want: boolean }
  | { kind: 'thumb'; hint: string }
  | { kind: 'touching'; finger: Finger };

export function differences(tpl: LetterTemplate, s: HandState): Difference[] {
  const out: Difference[] = [];
  if (tpl.indexPointing && s.fingers.index === 'extended' && !tpl.indexPointing.includes(s.indexPointing)) {
    out.push({ kind: 'pointing' });
  }
  // group wrong fingers by the change they need, in finger order
  const groups = new Map<'extended' | 'curled' | 'bent', Finger[]>();
  for (const f of FINGERS) {
    const allowed = tpl.fingers[f];
    if (!allowed || allowed.includes(s.fingers[f])) continue;
    const want = allowed.includes('extended')
      ? s.fingers[f] === 'curled' || !allowed.includes('bent')
        ? 'extended'
        : 'bent'
      : allowed.includes('curled')
        ? 'curled'
        : 'bent';
    groups.set(want, [...(groups.get(want) ?? []), f]);
  }
  for (const [want, fingers] of groups) out.push({ kind: 'finger', fingers, want });
  const bothUp = s.fingers.index === 'extended' && s.fingers.middle === 'extended';
  if (tpl.crossed !== undefined && bothUp && s.crossed !== tpl.crossed)
    out.push({ kind: 'crossed', want: tpl.crossed });
  // edge-on palms make the across-the-palm axis unreliable: skip the thumb check then
  if (tpl.thumb && s.palm.facing !== 'sideways' && !tpl.thumb.includes(s.thumb.position)) {
    out.push({ kind: 'thumb', hint: tpl.thumbHint ?? 'Check where your thumb is' });
  }
  if (tpl.spreadIndexMiddle !== undefined && bothUp && !s.crossed && s.spread.indexMiddle !== tpl.spreadIndexMiddle) {
    out.push({ kind: 'spread', want: tpl.spreadIndexMiddle });
  }
  if (tpl.touching && s.thumb.touching !== tpl.touching) out.push({ kind: 'touching', finger: tpl.touching });
  return out;
}

export function matchesTemplate(target: string, s: HandState): boolean {
  const tpl = templateFor(target);
  return tpl !== null && differences(tpl, s).length === 0;
}
