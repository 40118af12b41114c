import { DRILL_MAX_LETTERS, type SessionCompleteData } from '@asl/protocol';

/** A counted attempt at one letter of a story, in the order made. */
export interface ScoredAttempt {
  sentence_index: number;
  word_index: number;
  letter_index: number;
  target: string;
  correct: boolean;
  /** a wrong reading the learner reported as misread: not counted at all */
  withdrawn?: boolean;
  /** the attempt's id, as asl_feedback gave it (what a report withdraws by) */
  attempt_id?: string;
}

export type SessionResult = Omit<SessionCompleteData, 'session_id' | 'story_id' | 'duration_ms'>;

/** A letter's place in its story, as one string (for sets and maps of letters). */
export const positionKey = (a: Pick<ScoredAttempt, 'sentence_index' | 'word_index' | 'letter_index'>) =>
  `${a.sentence_index}/${a.word_index}/${a.letter_index}`;

/** Per letter of the story tried: its target, whether it was signed, whether right at the first try. */
export function letterResults(
  attempts: readonly ScoredAttempt[],
): { target: string; signed: boolean; firstTry: boolean }[] {
  const byPos = new Map<string, { target: string; signed: boolean; firstTry: boolean }>();
  for (const a of attempts) {
    const k = positionKey(a);
    const e = byPos.get(k);
    if (!e) byPos.set(k, { target: a.target, signed: a.correct, firstTry: a.correct });
    else if (a.correct) e.signed = true;
  }
  return [...byPos.values()];
}

/** Accuracy of each letter: letters right at the first try / letters attempted (0..1, 2 decimals). */
export function accuracyByLetter(letters: { target: string; firstTry: boolean }[]): Record<string, number> {
  const by = new Map<string, { n: number; ok: number }>();
  for (const l of letters) {
    const e = by.get(l.target) ?? { n: 0, ok: 0 };
    e.n++;
    if (l.firstTry) e.ok++;
    by.set(l.target, e);
  }
  const out: Record<string, number> = {};
  for (const [letter, e] of [...by.entries()].sort()) out[letter] = Math.round((e.ok / e.n) * 100) / 100;
  return out;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The result of a session from its counted attempts: letters, not raw attempts. The score is
 * the share of the letters tried that were right at the first try; the session is completed
 * only when every letter of the story was signed. Attempts the learner reported as misread
 * (withdrawn) are left out, as if never made.
 */
export function summarise(all: readonly ScoredAttempt[], lettersTotal: number): SessionResult {
  const attempts = all.filter((a) => !a.withdrawn);
  const letters = letterResults(attempts);
  const attempted = letters.length;
  const signed = letters.filter((l) => l.signed).length;
  const firstTry = letters.filter((l) => l.firstTry).length;
  const completed = lettersTotal > 0 && signed >= lettersTotal;
  const accuracy_by_letter = accuracyByLetter(letters);
  const overall = attempted ? Math.round((firstTry / attempted) * 100) : 0;
  // a letter never read right (a story ended early on it) did not "take more than one try"
  const everSigned = new Set(letters.filter((l) => l.signed).map((l) => l.target));
  // the weakest first; among equals, a letter never read right before one that took more tries
  const weakest = Object.entries(accuracy_by_letter)
    .filter(([, acc]) => acc < 1)
    .sort(
      (a, b) => a[1] - b[1] || Number(everSigned.has(a[0])) - Number(everSigned.has(b[0])) || a[0].localeCompare(b[0]),
    )
    .slice(0, DRILL_MAX_LETTERS)
    .map(([l]) => l);
  const final_suggestions: string[] = [];
  let practise_letters: string[] = [];
  if (weakest.length > 0) {
    const notYet = weakest.filter((l) => !everSigned.has(l));
    const moreTries = weakest.filter((l) => everSigned.has(l));
    practise_letters = [...notYet, ...moreTries];
    if (notYet.length > 0)
      final_suggestions.push(
        notYet.length === 1
          ? `Practise ${notYet[0]}: it was not read as ${notYet[0]} yet.`
          : `Practise ${notYet.join(', ')}: they were not read right yet.`,
      );
    if (moreTries.length > 0)
      final_suggestions.push(
        `Practise ${moreTries.join(', ')}: ${moreTries.length === 1 ? 'it' : 'they'} took more than one try.`,
      );
    // (not "hold each handshape still": a wrong letter read very sure was another handshape, held
    // still; the learner review of 2026-11-28)
    final_suggestions.push('Before you hold a letter, check your hand against its picture on the practice screen.');
  } else if (attempted > 0)
    final_suggestions.push(
      completed
        ? 'Every letter was right at the first try. Try a story at the next level.'
        : 'Every letter you signed was right at the first try.',
    );
  if (!completed) final_suggestions.push('Try this story again to practise every letter in it.');
  // Ended early, the score is of the letters tried, which the message says (the screen shows
  // "N of M letters" on its own line).
  const completion_message = !completed
    ? attempted > 0
      ? attempted > signed
        ? // "3 of 15 letters" on the line below counts the letters signed: say why the score counts one more
          `The score counts the ${plural(attempted, 'letter')} you tried, ${attempted - signed === 1 ? 'one' : attempted - signed} not read right yet.`
        : `The score counts the ${plural(attempted, 'letter')} you tried.`
      : 'No letter was tried, so there is no score yet.'
    : overall >= 90
      ? 'Wonderful signing! You finished the story.'
      : overall >= 70
        ? 'Well done! You finished the story.'
        : 'You finished the story. Keep practising: every try makes your handshapes clearer.';
  return {
    overall_score: overall,
    completed,
    letters_total: lettersTotal,
    letters_attempted: attempted,
    letters_signed: signed,
    letters_first_try: firstTry,
    wrong_attempts: attempts.filter((a) => !a.correct).length,
    accuracy_by_letter,
    completion_message,
    final_suggestions,
    practise_letters,
  };
}
