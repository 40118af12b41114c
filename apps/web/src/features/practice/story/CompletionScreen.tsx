import type { SessionCompleteData } from '@asl/protocol';
import { plural, practiceTime } from '../../../lib/words';

/** The story's result, counted in letters: how many were signed, and how many right at the first try. */
export function CompletionScreen({
  summary,
  onPractiseNext,
  onChooseStory,
}: {
  summary: SessionCompleteData;
  onPractiseNext(): void;
  onChooseStory(): void;
}) {
  const letters = Object.entries(summary.accuracy_by_letter);
  const s = summary;
  return (
    <section className="card completion" aria-labelledby="complete-title">
      <h2 id="complete-title">{s.completed ? 'Story complete!' : 'Story ended early'}</h2>
      <p className="score" aria-label={`Score ${s.overall_score} percent`}>
        {s.overall_score}%
      </p>
      <p>{s.completion_message}</p>
      <p className="result-line" data-testid="result-letters">
        {s.letters_signed} of {plural(s.letters_total, 'letter')}, {s.letters_first_try} right first time
      </p>
      <p className="muted">
        {s.wrong_attempts === 0 ? 'No wrong attempts' : plural(s.wrong_attempts, 'wrong attempt')} · practice time{' '}
        {practiceTime(s.duration_ms)}
      </p>
      {letters.length > 0 && (
        <ul className="letter-scores" aria-label="Right first time, by letter">
          {letters.map(([l, acc]) => (
            <li key={l} className={acc >= 0.75 ? 'good' : 'weak'}>
              <strong>{l}</strong> {Math.round(acc * 100)}%
            </li>
          ))}
        </ul>
      )}
      <h3>What to practise next</h3>
      <ul>
        {s.final_suggestions.map((x) => (
          <li key={x}>{x}</li>
        ))}
      </ul>
      <div className="practice-actions">
        <button type="button" className="button button-primary" onClick={onPractiseNext}>
          Practise your weakest letters
        </button>
        <button type="button" className="button button-secondary" onClick={onChooseStory}>
          Choose another story
        </button>
      </div>
    </section>
  );
}
