import type { PracticeTarget } from '@asl/protocol';

/** What a learner hears when the held handshape is the target (live and offline practice). */
export const praiseFor = (t: Pick<PracticeTarget, 'letter'>): string => `That's ${t.letter}. Well done!`;

/** At most this long between two moves counts as practice time (live and offline practice). */
export const MAX_ACTIVE_GAP_MS = 10 * 60_000;
