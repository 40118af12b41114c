import { reportWithdraws, type AslFeedbackData } from '@asl/protocol';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { isOffline } from '../../../lib/api/online';
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
  /** The camera's picture is too dark to find a hand in: said instead of only "I can't see your hand". */
  tooDark?: boolean;
  /** The camera is off: said instead of "I can't see your hand" (no picture is being read at all). */
  cameraOff?: boolean;
  /** The camera could not start (no permission, no device, in use): said instead, too. */
  cameraFailed?: boolean;
  onAction(action: 'try_again' | 'next_sentence' | 'complete_story' | 'restart_story'): void;
  onReport(feedback: AslFeedbackData): Promise<void>;
  disabled?: boolean;
  /** Where the current feedback is shown (over the live video); inline when absent. */
  slot?: HTMLElement | null;
}

/** What a report's press says: a wrong reading reported no longer counts; offline, it is sent later. */
export function reportAck(withdrawn: boolean, offline: boolean): string {
  const counts = withdrawn ? "This try won't count against you. " : '';
  return offline
    ? `Thanks! ${counts}${withdrawn ? 'The report' : 'It'} will be sent when you're back online, and we'll use it to check this reading.`
    : `Thanks! ${counts}We'll use it to check this reading.`;
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

type Verdict = 'right' | 'wrong' | 'pending';
const verdictOf = (f: AslFeedbackData): Verdict => (f.correct ? 'right' : f.counted ? 'wrong' : 'pending');

/**
 * How sure the reading is, in words only (no bar or percentage that reads like a score), in the
 * colour of the verdict: green when right, red when counted wrong, quiet while pending. An adjust
 * hint is given because the reading is not sure (of the letter read, or that it is not the letter
 * asked), whatever the leading letter's own probability.
 */
export function confidenceLine(f: AslFeedbackData): string {
  if (f.kind === 'adjust') return 'Reading: not sure';
  const sure = confidenceWords(f.confidence).toLowerCase();
  if (f.detected) return `Read as ${f.detected} · ${sure}`;
  return `Reading: ${sure}`;
}

const NO_HAND = "I can't see your hand. Hold it up in front of the camera.";
const TOO_DARK = "It's too dark to see your hand. Turn on a light, or check that nothing covers the camera.";
const CAMERA_OFF = 'The camera is off. Start the camera to keep practising.';
const CAMERA_FAILED = 'The camera could not start, so no hand can be read. Follow the steps under the video.';

/** The current feedback: what to do, and how sure the reading is. */
function LiveFeedback({
  feedback,
  handSeen,
  tooDark,
  cameraOff,
  cameraFailed,
  withdrawn,
}: {
  feedback: AslFeedbackData | null;
  handSeen: boolean;
  tooDark: boolean;
  cameraOff: boolean;
  cameraFailed: boolean;
  /** the reading shown was reported and withdrawn: no longer shown as a mistake */
  withdrawn: boolean;
}) {
  const verdict = feedback ? verdictOf(feedback) : null;
  // Settings' screen reader mode (data-screen-reader on <html>): each new reading is said at once
  const assertive = typeof document !== 'undefined' && document.documentElement.dataset.screenReader === 'true';
  return (
    <section
      className={`live-feedback ${verdict ? `live-feedback-${verdict}` : ''}`}
      aria-label="Feedback"
      data-testid="live-feedback"
    >
      {/* not atomic: only what changed is read (a new hint, "I can't see your hand"), not an old praise again */}
      <div aria-live={assertive ? 'assertive' : 'polite'} aria-atomic="false" className="feedback-live">
        {!handSeen && (
          <p className="no-hand">
            {cameraFailed ? CAMERA_FAILED : cameraOff ? CAMERA_OFF : tooDark ? TOO_DARK : NO_HAND}
          </p>
        )}
        {handSeen && !feedback && !withdrawn && (
          <p className="feedback-waiting">Hold the handshape steady for a moment.</p>
        )}
        {handSeen && withdrawn && (
          <p className="feedback-waiting">Reported: that try doesn't count. Sign again when you're ready.</p>
        )}
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
        {feedback && (
          <p className={`confidence confidence-${verdict}`} data-testid="confidence">
            {confidenceLine(feedback)}
          </p>
        )}
        {feedback?.correct && <Celebration key={`${feedback.target}-${feedback.held_ms}-${feedback.confidence}`} />}
      </div>
    </section>
  );
}

/** The current feedback (over the video when a slot is given), "This feedback is wrong" and the practice actions. */
export function FeedbackPanel({
  feedback: latest,
  handSeen,
  tooDark = false,
  cameraOff = false,
  cameraFailed = false,
  onAction,
  onReport,
  disabled,
  slot,
}: FeedbackPanelProps) {
  const [reported, setReported] = useState<string | null>(null);
  // a report made offline is kept on this device and sent when the connection returns
  const [reportedOffline, setReportedOffline] = useState(false);
  // An "adjust" hint is about the hand in view: once the hand is gone, only "I can't see your hand"
  // is true, and there is no feedback to report.
  const feedback = !handSeen && latest?.kind === 'adjust' ? null : latest;
  const key = feedback ? `${feedback.target}-${feedback.detected}-${feedback.held_ms}` : null;
  // a wrong reading reported no longer counts: the card stops showing it as a mistake
  const withdrawn = !!feedback && reported === key && reportWithdraws(feedback);
  const live = (
    <LiveFeedback
      feedback={withdrawn ? null : feedback}
      handSeen={handSeen}
      tooDark={tooDark}
      cameraOff={cameraOff}
      cameraFailed={cameraFailed}
      withdrawn={withdrawn}
    />
  );
  return (
    <div className="feedback-panel">
      {slot ? createPortal(live, slot) : live}
      {feedback && (
        <div className="report-row">
          <button
            type="button"
            className="link-button"
            // aria-disabled, not disabled: the pressed button keeps the keyboard's focus
            aria-disabled={reported === key || undefined}
            onClick={() => {
              if (reported === key) return;
              // acknowledged at once: the report goes on its way (and is retried) without the learner
              setReported(key);
              setReportedOffline(isOffline());
              void onReport(feedback).catch(() => {});
            }}
          >
            {reported === key ? 'Thanks, reported' : 'This feedback is wrong'}
          </button>
          {reported === key && (
            <p role="status" className="report-ack">
              {reportAck(withdrawn, reportedOffline)}
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
    </div>
  );
}
