import { DRILL_MAX_LETTERS, type ProgressResponse } from '@asl/protocol';
import { Link } from 'react-router';
import { plural, practiceTime } from '../../../lib/words';
import { useProgress } from '../api/use-progress';
import { LetterAccuracyChart } from './LetterAccuracyChart';
import './progress.css';

type RecentSession = ProgressResponse['recent_sessions'][number];

/** A session's status in plain words. */
export function statusWords(status: string): string {
  switch (status) {
    case 'completed':
      return 'finished';
    case 'active':
      return 'in progress';
    case 'restarted':
      return 'started again';
    default:
      return 'ended early'; // as the result's heading says: "Story ended early"
  }
}

/** One line about a recent session: its status, letters, score (sessions saved before the fairer count say so). */
export function sessionLine(s: RecentSession): string {
  const parts = [new Date(s.started_at).toLocaleDateString(), statusWords(s.status)];
  if (s.counting === 'letters') parts.push(`${s.letters_done} of ${plural(s.letters_total, 'letter')}`);
  if (s.overall_score !== null)
    parts.push(
      s.counting === 'letters'
        ? `${Math.round(s.overall_score)}% right first time`
        : `score ${Math.round(s.overall_score)}% (old count, per attempt)`,
    );
  parts.push(plural(s.attempts, 'attempt'));
  return parts.join(' · ');
}

/**
 * The dashboard's practise button: the weakest letters when there are any, else the next (suggested)
 * story, or for a learner who has not practised yet, the first.
 */
export function practiseLabel(weakest: readonly string[], sessions = 1): string {
  // the drill it opens practises the first DRILL_MAX_LETTERS of them
  if (weakest.length) return `Practise your weakest letters (${weakest.slice(0, DRILL_MAX_LETTERS).join(', ')})`;
  return sessions > 0 ? 'Practise the next story' : 'Start your first story';
}

/** Progress at a glance: sessions, practice time, streak, accuracy, per-letter chart, recent sessions. */
export function ProgressPanel() {
  const { progress, savedAt, message } = useProgress();
  if (!progress)
    return (
      <p className="muted" role="status">
        {message ?? 'Loading your progress…'}
      </p>
    );
  const t = progress.totals;
  const practiseLink = progress.suggested_story_id
    ? `/asl-world?story=${encodeURIComponent(progress.suggested_story_id)}`
    : '/asl-world';

  return (
    <section aria-labelledby="progress-title" className="progress-panel">
      <h2 id="progress-title">Your progress</h2>
      {savedAt && (
        <p className="offline-copy" role="status">
          Offline: your progress as of {savedAt.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}. It
          updates when you are back online.
        </p>
      )}
      <dl className="stat-grid">
        <div className="stat">
          <dt>Sessions</dt>
          <dd>{t.sessions}</dd>
        </div>
        <div className="stat">
          <dt>Practice time</dt>
          <dd>{practiceTime(t.practice_time_ms)}</dd>
        </div>
        <div className="stat">
          <dt>Streak</dt>
          <dd>{plural(progress.streak_days, 'day')}</dd>
        </div>
        <div className="stat">
          <dt>Right first time</dt>
          <dd>{t.letters_attempted ? `${Math.round(t.accuracy * 100)}%` : '—'}</dd>
        </div>
      </dl>
      <div className="card">
        <h3>Right first time, per letter</h3>
        {t.letters_attempted > 0 && (
          <p className="muted">
            {t.letters_first_try} of {plural(t.letters_attempted, 'letter')} right first time
          </p>
        )}
        {progress.accuracy_by_letter.length ? (
          <LetterAccuracyChart rows={progress.accuracy_by_letter} />
        ) : (
          <p className="muted">Practise a story to see how each letter is going.</p>
        )}
        <Link className="button button-primary" to={practiseLink}>
          {practiseLabel(progress.weakest_letters, t.sessions)}
        </Link>
      </div>
      <div className="card">
        <h3>Recent sessions</h3>
        {progress.recent_sessions.length ? (
          <ul className="recent-list">
            {progress.recent_sessions.map((s) => (
              <li key={s.session_id}>
                <strong>{s.story_title}</strong>
                <span className="muted">{sessionLine(s)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No sessions yet.</p>
        )}
      </div>
    </section>
  );
}
