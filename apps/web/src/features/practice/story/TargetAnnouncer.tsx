import type { PracticeTarget } from '@asl/protocol';

/** What a screen reader hears when the letter to sign changes: "Sign R: letter 1 of 3 of RED." */
export function targetWords(t: PracticeTarget): string {
  if (t.word.length === 1) return `Sign ${t.letter}.`;
  return `Sign ${t.letter}: letter ${t.letter_index + 1} of ${t.word.length} of ${t.word}.`;
}

/**
 * The letter to sign, said politely when it changes (a new letter, word or sentence; Try Again,
 * Restart): the sentence and the letter row show it, but are not announced, and the feedback says
 * only how the last sign went. Hidden from sight; the text changes only with the target.
 */
export function TargetAnnouncer({ target }: { target: PracticeTarget | null }) {
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="target-announcer">
      {target ? targetWords(target) : ''}
    </p>
  );
}
