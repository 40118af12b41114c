import { LEVEL_NAMES, type StorySummary } from '@asl/protocol';
import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { getStories } from './api/get-stories';

export type StartRequest =
  | { story_id: string }
  | { topic: string }
  /** a short drill of these letters at this level (what a story's result says to practise) */
  | { drill: { letters: string[]; level: number } };

/** What the picker shows offline, given by the app (the offline feature's note, reason and badge). */
export interface OfflineStoriesUi {
  Note: ComponentType<{ titles: string[] }>;
  Reason: ComponentType<{ storyId: string }>;
  Badge: ComponentType;
  reasonId(storyId: string): string;
}

/** Where the learner stands with a story: a story left part way is gone on with by Start. */
function StoryState({ story }: { story: StorySummary }) {
  const l = story.learner;
  if (!l) return null;
  if (l.letters_done !== null && l.letters_done > 0)
    return (
      <p className="story-state story-state-open">
        In progress: {l.letters_done} of {story.letter_count} letters. Start goes on where you left it.
      </p>
    );
  return l.completed ? (
    <p className="story-state story-state-done">
      <span aria-hidden="true">✓ </span>Finished before
    </p>
  ) : null;
}

/**
 * Levels, the stories of a level, and a topic box ("start a story about ..."). `onlyStories`
 * (offline): only these stories can be started, and no topic.
 */
export function StoryPicker({
  onStart,
  disabled,
  onlyStories,
  offlineUi,
  savedTitles = [],
}: {
  onStart(req: StartRequest): void;
  disabled?: boolean;
  onlyStories?: Set<string> | undefined;
  offlineUi?: OfflineStoriesUi | undefined;
  /** offline: the titles of the stories saved on this device (of every level) */
  savedTitles?: string[];
}) {
  const [level, setLevel] = useState(1);
  const [stories, setStories] = useState<StorySummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [topic, setTopic] = useState('');

  // fetched again when the tab is shown (the marks of where the learner stands change as another
  // tab practises), keeping the list on screen meanwhile
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && setShown((n) => n + 1);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  useEffect(() => {
    setStories(null);
  }, [level]);
  useEffect(() => {
    let live = true;
    getStories({ level }).then(
      (s) => live && setStories(s),
      () => live && setError('The stories could not be loaded. Check your connection and try again.'),
    );
    return () => {
      live = false;
    };
  }, [level, shown]);

  function onTopic(e: FormEvent) {
    e.preventDefault();
    if (topic.trim()) onStart({ topic: topic.trim() });
  }

  return (
    <section className="story-picker" aria-labelledby="picker-title">
      <h2 id="picker-title" tabIndex={-1}>
        Choose a story
      </h2>
      <div className="level-tabs" role="radiogroup" aria-label="Level">
        {[1, 2, 3, 4].map((l) => (
          <label key={l} className={`level-tab ${l === level ? 'is-selected' : ''}`}>
            <input type="radio" name="level" value={l} checked={l === level} onChange={() => setLevel(l)} />
            Level {l}: {LEVEL_NAMES[l]}
          </label>
        ))}
      </div>
      {onlyStories && offlineUi && <offlineUi.Note titles={savedTitles} />}
      {error && <p role="alert">{error}</p>}
      {!stories && !error && (
        <p className="muted" role="status">
          {/* offline, a list this device never saved waits for the connection (the request is held till then) */}
          {onlyStories ? 'This level’s stories will show when you are back online.' : 'Loading stories…'}
        </p>
      )}
      {stories && (
        <ul className="story-list">
          {stories.map((s) => {
            const notSaved = onlyStories !== undefined && !onlyStories.has(s.id);
            return (
              <li key={s.id} className="story-card">
                <h3>{s.title}</h3>
                {onlyStories && !notSaved && offlineUi && <offlineUi.Badge />}
                <StoryState story={s} />
                <p className="muted">{s.summary}</p>
                <p className="story-meta">
                  {s.sentence_count} sentences · {s.letter_count} letters · {s.tags.join(', ')}
                </p>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={disabled || notSaved}
                  onClick={() => onStart({ story_id: s.id })}
                  aria-label={`Start ${s.title}`}
                  aria-describedby={notSaved && offlineUi ? offlineUi.reasonId(s.id) : undefined}
                >
                  Start
                </button>
                {notSaved && offlineUi && <offlineUi.Reason storyId={s.id} />}
              </li>
            );
          })}
        </ul>
      )}
      <form className="topic-form" onSubmit={onTopic}>
        <label htmlFor="topic-input">Or practise a topic</label>
        <div className="topic-row field">
          <input
            id="topic-input"
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
            placeholder="e.g. animals, rain, music"
            maxLength={40}
          />
          <button
            type="submit"
            className="button button-secondary"
            disabled={disabled || onlyStories !== undefined || !topic.trim()}
          >
            Start topic
          </button>
        </div>
      </form>
    </section>
  );
}
