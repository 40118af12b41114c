import type { SessionCompleteData } from '@asl/protocol';

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
  return (
    <section className="card completion" aria-labelledby="complete-title">
      <h2 id="complete-title">Story complete!</h2>
      <p className="score" aria-label={`Score ${summary.overall_score} percent`}>
        {summary.overall_score}%
      </p>
      <p>{summary.completion_message}</p>
      <p className="muted">
        {summary.letters_correct} of {summary.letters_attempted} attempts were right ·{' '}
        {Math.max(1, Math.round(summary.duration_ms / 60_000))} min
      </p>
      {letters.length > 0 && (
        <ul className="letter-scores" aria-label="Accuracy by letter">
          {letters.map(([l, acc]) => (
            <li key={l} className={acc >= 0.75 ? 'good' : 'weak'}>
              <strong>{l}</strong> {Math.round(acc * 100)}%
            </li>
          ))}
        </ul>
      )}
      <h3>What to practise next</h3>
      <ul>
        {summary.final_suggestions.map((s) => (
          <li key={s}>{s}</li>
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
