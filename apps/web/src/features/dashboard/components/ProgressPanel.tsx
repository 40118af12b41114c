import { Link } from 'react-router';
import { useProgress } from '../api/use-progress';
import { LetterAccuracyChart } from './LetterAccuracyChart';
import './progress.css';

function minutes(ms: number): string {
  const m = Math.round(ms / 60_000);
  return m < 1 ? 'under a minute' : m === 1 ? '1 minute' : `${m} minutes`;
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
  const weakest = progress.weakest_letters;
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
          <dd>{minutes(t.practice_time_ms)}</dd>
        </div>
        <div className="stat">
          <dt>Streak</dt>
          <dd>
            {progress.streak_days} {progress.streak_days === 1 ? 'day' : 'days'}
          </dd>
        </div>
        <div className="stat">
          <dt>Overall accuracy</dt>
          <dd>{t.attempts ? `${Math.round(t.accuracy * 100)}%` : '—'}</dd>
        </div>
      </dl>
      <div className="card">
        <h3>Accuracy per letter</h3>
        {progress.accuracy_by_letter.length ? (
          <LetterAccuracyChart rows={progress.accuracy_by_letter} />
        ) : (
          <p className="muted">Practise a story to see how each letter is going.</p>
        )}
        <Link className="button button-primary" to={practiseLink}>
          {weakest.length ? `Practise your weakest letters (${weakest.join(', ')})` : 'Practise your weakest letters'}
        </Link>
      </div>
      <div className="card">
        <h3>Recent sessions</h3>
        {progress.recent_sessions.length ? (
          <ul className="recent-list">
            {progress.recent_sessions.map((s) => (
              <li key={s.session_id}>
                <strong>{s.story_title}</strong>
                <span className="muted">
                  {new Date(s.started_at).toLocaleDateString()} · {s.status}
                  {s.overall_score !== null ? ` · score ${Math.round(s.overall_score)}%` : ''} · {s.attempts} attempts
                </span>
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
