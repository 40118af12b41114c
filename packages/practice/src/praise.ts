import type { PracticeTarget } from '@asl/protocol';
import type { MotionLetter } from './frame.js';

/**
 * What a learner hears when the held handshape is the target (live and offline practice); the last
 * letter of a word of two or more letters also names the word, which the learner has now spelled.
 */
export const praiseFor = (t: Pick<PracticeTarget, 'letter' | 'word' | 'letter_index'>): string => {
  const spelled = t.word.length > 1 && t.letter_index === t.word.length - 1;
  return `That's ${t.letter}. Well done!${spelled ? ` You spelled ${t.word}.` : ''}`;
};

/** J or Z's handshape is held: the letter is drawn, not held. */
export const MOTION_PENDING_HINT: Record<MotionLetter, string> = {
  J: 'Good I shape — now draw a J with your pinky',
  Z: 'Good index shape — now draw a Z with your index finger',
};

/** J or Z drawn so fast that the camera lost the hand in the middle of the stroke (lost-stroke.ts). */
export const DRAW_SLOWER_HINT: Record<MotionLetter, string> = {
  J: 'Draw the J a little more slowly: the camera lost your hand while it moved',
  Z: 'Draw the Z a little more slowly: the camera lost your hand while it moved',
};

/** Said when the recogniser is not sure of the hand and gives no reason of its own. */
export const ADJUST_HINT = 'Hold your hand still, palm toward the camera, a little closer and in good light';

const article = (t: string) => (/^[AEFHILMNORSX8]$/.test(t) ? 'an' : 'a');

/** A wrong handshape with no finger-by-finger correction: name what it looks like. */
export const looksLikeHint = (detected: string, target: string): string =>
  `That looks more like ${article(detected)} ${detected} — compare your thumb and fingers with the ${target} picture`;

/** A motion letter drawn when the other one was the target. */
export const wrongMotionHint = (drawn: MotionLetter, target: MotionLetter): string =>
  `That was drawn like ${article(drawn)} ${drawn}. ${MOTION_PENDING_HINT[target].replace(/^Good .* — /, '').replace(/^n/, 'N')}`;
