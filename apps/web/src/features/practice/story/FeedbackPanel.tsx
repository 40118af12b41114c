import type { AslFeedbackData } from '@asl/protocol';
import { useState } from 'react';
import { Bar } from './Bar';
import { confidenceWords } from './confidence';

const ACTIONS = [
  ['try_again', 'Try Again'],
  ['next_sentence', 'Next Sentence'],
  ['complete_story', 'Complete Story'],
  ['restart_story', 'Restart Story'],
] as const;

export interface FeedbackPanelProps {
  feedback: AslFeedbackData | null;
  /** The live reading of the current frame, or null when no hand is seen. */
  handSeen: boolean;
  onAction(action: 'try_again' | 'next_sentence' | 'complete_story' | 'restart_story'): void;
  onReport(feedback: AslFeedbackData): Promise<void>;
  disabled?: boolean;
}

/** A short burst around accepted-letter praise (a calm glow under reduced motion; see story.css). */
function Celebration() {
  return (
    <div className="celebration" aria-hidden="true" data-testid="celebration">
      {Array.from({ length: 10 }, (_, i) => (
        <span key={i} style={{ ['--i' as string]: i }} />
      ))}
    </div>
  );
}

/** The hint, how sure the reading is (words and a bar), the practice actions and "This feedback is wrong". */
export function FeedbackPanel({ feedback, handSeen, onAction, onReport, disabled }: FeedbackPanelProps) {
  const [reported, setReported] = useState<string | null>(null);
  const key = feedback ? `${feedback.target}-${feedback.detected}-${feedback.held_ms}` : null;
  const pct = feedback ? Math.round(feedback.confidence * 100) : 0;
  return (
    <section className="card feedback-panel" aria-labelledby="feedback-title">
      <h2 id="feedback-title">Feedback</h2>
      <div aria-live="polite" aria-atomic="true" className="feedback-live">
        {!handSeen && <p className="no-hand">I can't see your hand. Hold it up in front of the camera.</p>}
        {handSeen && !feedback && <p className="muted">Hold the handshape steady for a moment.</p>}
        {feedback && (
          <p
            className={`hint ${feedback.correct ? 'hint-correct' : feedback.counted ? 'hint-wrong' : 'hint-pending'}`}
            data-kind={feedback.kind}
          >
            <span className="hint-icon" aria-hidden="true">
              {feedback.correct ? '✓' : feedback.kind === 'attempt' ? '↻' : '…'}
            </span>
            {feedback.hint}
          </p>
        )}
        {feedback?.correct && <Celebration key={`${feedback.target}-${feedback.held_ms}-${feedback.confidence}`} />}
      </div>
      {feedback && (
        <div className="confidence">
          <span>
            {feedback.detected && feedback.kind !== 'adjust' ? `Read as ${feedback.detected}: ` : ''}
            {confidenceWords(feedback.confidence)} ({pct}%)
          </span>
          <Bar role="meter" label="Confidence" percent={pct} />
          <button
            type="button"
            className="link-button"
            disabled={reported === key}
            onClick={() => {
              // acknowledged at once: the report goes on its way (and is retried) without the learner
              setReported(key);
              void onReport(feedback).catch(() => {});
            }}
          >
            {reported === key ? 'Thanks, reported' : 'This feedback is wrong'}
          </button>
          {reported === key && (
            <p role="status" className="report-ack">
              Thanks! We'll use it to check this reading.
            </p>
          )}
        </div>
      )}
      <div className="practice-actions">
        {ACTIONS.map(([action, label]) => (
          <button
            key={action}
            type="button"
            className="button button-secondary"
            disabled={disabled}
            onClick={() => onAction(action)}
          >
            {label}
          </button>
        ))}
      </div>
    </section>
  );
}
