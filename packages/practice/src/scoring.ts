import type { SessionCompleteData } from '@asl/protocol';

export interface AttemptRow {
  target: string;
  correct: boolean;
}

/** Score and per-letter accuracy of a finished session, from its attempts. */
export function summarise(
  attempts: AttemptRow[],
): Omit<SessionCompleteData, 'session_id' | 'story_id' | 'duration_ms'> {
  const byLetter = new Map<string, { n: number; ok: number }>();
  for (const a of attempts) {
    const e = byLetter.get(a.target) ?? { n: 0, ok: 0 };
    e.n++;
    if (a.correct) e.ok++;
    byLetter.set(a.target, e);
  }
  const accuracy_by_letter: Record<string, number> = {};
  for (const [letter, e] of [...byLetter.entries()].sort())
    accuracy_by_letter[letter] = Math.round((e.ok / e.n) * 100) / 100;
  const correct = attempts.filter((a) => a.correct).length;
  const overall = attempts.length ? Math.round((correct / attempts.length) * 100) : 0;
  const weakest = Object.entries(accuracy_by_letter)
    .filter(([, acc]) => acc < 0.75)
    .sort((a, b) => a[1] - b[1])
    .slice(0, 3)
    .map(([l]) => l);
  const final_suggestions =
    weakest.length > 0
      ? [
          `Practise ${weakest.join(', ')}: those took you the most tries.`,
          'Hold each handshape still for a moment so it can be read clearly.',
        ]
      : ['Every letter was clear. Try a story at the next level.'];
  const completion_message =
    overall >= 90
      ? 'Wonderful signing! You finished the story.'
      : overall >= 70
        ? 'Well done! You finished the story.'
        : 'You finished the story. Keep practising: every try makes your handshapes clearer.';
  return {
    overall_score: overall,
    letters_attempted: attempts.length,
    letters_correct: correct,
    accuracy_by_letter,
    completion_message,
    final_suggestions,
  };
}
