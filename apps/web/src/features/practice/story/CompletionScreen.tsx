import type { SessionCompleteData } from '@asl/protocol';
import { useEffect, useRef } from 'react';
import { listed, plural, practiceTime } from '../../../lib/words';

const CONFETTI = 28;

/**
 * The lead: the letters right first time, named after the count when they are exactly the letters
 * counted ("3 letters right first time: C, A and T."); otherwise the letters right every time they
 * came up get a sentence of their own (the count is of the story's letters, and a letter may come up
 * more than once: "7 letters right first time. A and S were right every time.").
 */
function firstTimeLead(firstTry: number, everyTime: readonly string[]): string {
  const count = `You got ${plural(firstTry, 'letter')} right first time`;
  if (!everyTime.length) return `${count}.`;
  if (everyTime.length === firstTry) return `${count}: ${listed(everyTime)}.`;
  return `${count}. ${listed(everyTime)} ${everyTime.length === 1 ? 'was' : 'were'} right every time.`;
}

/**
 * The end-of-story badge: a story finished gets confetti falling over the result and a star (a calm
 * glowing badge under reduced motion); one ended early with letters signed, a ring filled as far as
 * the story went ("3/15"), not a tick that would say it was done.
 */
function StoryCelebration({ summary: s }: { summary: SessionCompleteData }) {
  const done = s.letters_total > 0 ? Math.round((s.letters_signed / s.letters_total) * 100) : 0;
  return (
    <div className="story-celebration" aria-hidden="true" data-testid="story-celebration">
      {s.completed ? (
        <>
          <div className="confetti">
            {Array.from({ length: CONFETTI }, (_, i) => (
              <span key={i} style={{ ['--i' as string]: i, ['--x' as string]: `${(i * 37) % 100}%` }} />
            ))}
          </div>
          <span className="story-celebration-badge">★</span>
        </>
      ) : (
        <span className="story-celebration-badge result-ring" style={{ ['--done' as string]: `${done}%` }}>
          <span>
            {s.letters_signed}/{s.letters_total}
          </span>
        </span>
      )}
    </div>
  );
}

/**
 * The story's result, counted in letters. It leads with what went right (the letters right
 * first time), then the figures, then what to practise next.
 */
export function CompletionScreen({
  summary,
  onPractiseNext,
  onChooseStory,
  onTryAgain,
  offline = false,
}: {
  summary: SessionCompleteData;
  onPractiseNext(): void;
  onChooseStory(): void;
  /** the same story from its start: offered instead of what comes next when nothing was tried */
  onTryAgain?: () => void;
  /** no connection: the drill and the next story come from the server, so the button waits for it */
  offline?: boolean;
}) {
  const s = summary;
  const letters = Object.entries(s.accuracy_by_letter);
  const good = letters.filter(([, acc]) => acc >= 0.75);
  // in the order the suggestions and the drill button name them (a letter never read right first)
  const rank = (l: string) => {
    const i = s.practise_letters.indexOf(l);
    return i < 0 ? s.practise_letters.length : i;
  };
  const weak = letters.filter(([, acc]) => acc < 0.75).sort(([a], [b]) => rank(a) - rank(b));
  // The lead counts the letters right first time, and names those right first time every time they
  // came up ("11 letters right first time, and A, S every time": a T right three times in four is in
  // "What went well" with its 75%, not named).
  const everyTime = letters.filter(([, acc]) => acc === 1).map(([l]) => l);
  const heading = useRef<HTMLHeadingElement>(null);
  const card = useRef<HTMLElement>(null);

  // The result comes into view with focus on its heading (not left on the page's body).
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    card.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  const celebrate = s.completed || s.letters_signed > 0;
  const lead =
    s.letters_first_try > 0
      ? firstTimeLead(s.letters_first_try, everyTime)
      : s.letters_signed > 0
        ? `You signed ${plural(s.letters_signed, 'letter')}: every one counts.`
        : s.letters_attempted > 0
          ? 'You made a start: every story gets easier with practice.'
          : 'No letter was signed this time.';
  // nothing tried: no score to show (a 0% would say every letter went wrong)
  const scored = s.letters_attempted > 0;
  // nothing tried: this story again rather than moving on
  const again = !scored && onTryAgain;
  // ended early with no letter to drill: the advice is to try the story again, so that comes first
  const againFirst = !again && !s.completed && !s.practise_letters.length && !!onTryAgain;
  const next = (primary: boolean) => (
    <button
      type="button"
      className={`button ${primary ? 'button-primary' : 'button-secondary'}`}
      onClick={onPractiseNext}
      disabled={offline}
      aria-describedby={offline ? 'practise-next-offline' : undefined}
    >
      {/* a drill of the letters the suggestions name, or the server's next story */}
      {s.practise_letters.length ? `Practise ${s.practise_letters.join(', ')}` : 'Practise the next story'}
    </button>
  );

  return (
    <section className="card completion" aria-labelledby="complete-title" ref={card}>
      {celebrate && <StoryCelebration summary={s} />}
      <h2 id="complete-title" ref={heading} tabIndex={-1}>
        {s.completed ? 'Story complete!' : 'Story ended early'}
      </h2>
      {/* green only for something signed: "No letter was signed" is not a success */}
      <p className={celebrate ? 'result-lead' : 'result-lead result-lead-none'} data-testid="result-lead">
        {lead}
      </p>
      <div className="result-figures">
        {scored ? (
          <p className="score" aria-label={`Score ${s.overall_score} percent`}>
            {s.overall_score}%
          </p>
        ) : (
          <p className="score score-none" aria-label="No score yet">
            –
          </p>
        )}
        <div>
          <p>{s.completion_message}</p>
          <p className="result-line" data-testid="result-letters">
            {s.letters_signed} of {plural(s.letters_total, 'letter')}, {s.letters_first_try} right first time
          </p>
          <p className="muted">
            {s.wrong_attempts === 0 ? 'No wrong attempts' : plural(s.wrong_attempts, 'wrong attempt')}
            {/* no time practised: nothing to say ("practice time none yet") */}
            {s.duration_ms > 0 && ` · practice time ${practiceTime(s.duration_ms)}`}
          </p>
        </div>
      </div>
      {good.length > 0 && (
        <>
          <h3>What went well</h3>
          <ul className="letter-scores" aria-label="Right first time, by letter">
            {good.map(([l, acc]) => (
              <li key={l} className="good">
                <span aria-hidden="true">✓ </span>
                <strong>{l}</strong> {Math.round(acc * 100)}%
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>What to practise next</h3>
      {weak.length > 0 && (
        <ul className="letter-scores" aria-label="Letters to practise">
          {weak.map(([l, acc]) => (
            <li key={l} className="weak">
              <strong>{l}</strong> {Math.round(acc * 100)}%
            </li>
          ))}
        </ul>
      )}
      <ul>
        {s.final_suggestions.map((x) => (
          <li key={x}>{x}</li>
        ))}
      </ul>
      {offline && !again && (
        <p className="muted" id="practise-next-offline">
          {s.practise_letters.length ? 'A drill of these letters' : 'The next story'} needs the connection: this button
          works again when you are back online.
        </p>
      )}
      <div className="practice-actions">
        {/* first, what the advice says first: a drill of the letters it names; ended early with none
            weak, the story again (its advice says so); otherwise what comes next */}
        {again || againFirst ? (
          <button type="button" className="button button-primary" onClick={onTryAgain}>
            Try this story again
          </button>
        ) : (
          next(true)
        )}
        {againFirst && next(false)}
        {!again && !againFirst && !s.completed && onTryAgain && (
          <button type="button" className="button button-secondary" onClick={onTryAgain}>
            Try this story again
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onChooseStory}>
          Choose another story
        </button>
      </div>
    </section>
  );
}
