import type { AslFeedbackData } from '@asl/protocol';
import { useEffect, useRef, useState } from 'react';

/** How long praise stays on screen before the next target's feedback may replace it. */
export const PRAISE_MIN_MS = 1500;

/**
 * Which feedback to show now: praise shown less than `minMs` ago stays until its time is up
 * (then the latest feedback takes its place); anything else is shown at once. Clearing
 * (null: Try Again, Restart) is immediate.
 */
export function feedbackToShow(
  shown: { feedback: AslFeedbackData | null; since: number },
  latest: AslFeedbackData | null,
  now: number,
  minMs = PRAISE_MIN_MS,
): { feedback: AslFeedbackData | null; waitMs: number } {
  if (latest === null || latest === shown.feedback) return { feedback: latest, waitMs: 0 };
  const praise = shown.feedback?.correct === true;
  const left = shown.since + minMs - now;
  if (praise && !latest.correct && left > 0) return { feedback: shown.feedback, waitMs: left };
  return { feedback: latest, waitMs: 0 };
}

/** The feedback to display, holding praise for at least PRAISE_MIN_MS (see feedbackToShow). */
export function useHeldFeedback(latest: AslFeedbackData | null, minMs = PRAISE_MIN_MS): AslFeedbackData | null {
  const [shown, setShown] = useState<{ feedback: AslFeedbackData | null; since: number }>(() => ({
    feedback: latest,
    since: performance.now(),
  }));
  const shownRef = useRef(shown);
  shownRef.current = shown;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const decide = () => {
      const next = feedbackToShow(shownRef.current, latest, performance.now(), minMs);
      if (next.feedback !== shownRef.current.feedback) setShown({ feedback: next.feedback, since: performance.now() });
      // A timer may fire a little before its time by the page's clock (browsers round delays
      // down): then the praise is kept and the rest waited for again. (Waiting only once left the
      // next reading, a wrong one that counted, hidden until another came: 18 s in one review.)
      if (next.waitMs > 0) timer = setTimeout(decide, Math.ceil(next.waitMs));
    };
    decide();
    return () => clearTimeout(timer);
  }, [latest, minMs]);
  return shown.feedback;
}
