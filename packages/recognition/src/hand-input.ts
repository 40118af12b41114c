import type { DetectedHand } from '@asl/protocol';
import type { Handedness, Landmark } from './handshape/normalize.js';

/** The wire shape of a hand ([x,y,z] tuples, lower-case side) as the handshape modules take it. */
export function handshapeInput(hand: DetectedHand): { landmarks: Landmark[]; handedness: Handedness } {
  return {
    landmarks: hand.landmarks.map(([x, y, z]) => ({ x, y, z })),
    handedness: hand.handedness === 'left' ? 'Left' : 'Right',
  };
}
