import type { AslFeedbackData } from '@asl/protocol';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { LiveContext } from '../AslWorldPage';
import type { PracticeDataSink } from '../on-device/practice-log';
import { cachedStoryIds, cachedStoryTitles } from '../on-device/story-cache';
import { getNextStoryId } from './api/get-progress-suggestion';
import { reportFeedback } from './api/report-feedback';
import { Bar } from './Bar';
import { CompletionScreen } from './CompletionScreen';
import { FeedbackPanel } from './FeedbackPanel';
import { useHeldFeedback } from './held-feedback';
import { SentenceView } from './SentenceView';
import { StoryPicker, type OfflineStoriesUi } from './StoryPicker';
import { TargetAnnouncer } from './TargetAnnouncer';
import { TargetHandshape } from './TargetHandshape';
import { useStoryPractice } from './use-story-practice';
import './story.css';
import { PracticeNotice } from './PracticeNotice';

/** ASL World's story practice: pick a story, sign it letter by letter, see what to fix. */
export function StoryPractice({
  live,
  onPracticeData,
  offlineStories,
}: {
  live: LiveContext;
  onPracticeData?: PracticeDataSink | undefined;
  offlineStories?: OfflineStoriesUi | undefined;
}) {
  const p = useStoryPractice(live, onPracticeData);
  const title = useRef<HTMLHeadingElement>(null);

  // On Start: the practice area comes into view, and focus goes to the story's title (not to the body).
  const practising = p.phase === 'practising' && !!p.story && !!p.state;
  const wasPractising = useRef(false);
  const { revealPractice, setStoryOnScreen } = live;
  useEffect(() => {
    if (practising && !wasPractising.current) {
      title.current?.focus({ preventScroll: true });
      revealPractice();
    }
    wasPractising.current = practising;
  }, [practising, revealPractice]);
  useEffect(() => {
    setStoryOnScreen(practising || p.phase === 'complete');
  }, [practising, p.phase, setStoryOnScreen]);
  // Back to the list (another story, or from the result): focus goes to its heading.
  const lastPhase = useRef(p.phase);
  useEffect(() => {
    const from = lastPhase.current;
    lastPhase.current = p.phase;
    if (p.phase === 'picking' && (from === 'practising' || from === 'complete'))
      document.getElementById('picker-title')?.focus();
  }, [p.phase]);

  const [params, setParams] = useSearchParams();
  const requested = params.get('story');
  const startedFromUrl = useRef(false);

  useEffect(() => {
    if (!requested || startedFromUrl.current || live.connection.state !== 'connected' || p.phase !== 'picking') return;
    startedFromUrl.current = true;
    p.start({ story_id: requested });
    setParams({}, { replace: true });
  }, [requested, live.connection.state, p, setParams]);

  const shownFeedback = useHeldFeedback(p.feedback);
  // The word's pictures are fetched ahead, so each target's picture is there when it becomes the target.
  const word = p.state?.target?.word;
  useEffect(() => {
    for (const l of new Set(word ?? '')) new Image().src = `/handshapes/${l}.webp`;
  }, [word]);

  async function report(fb: AslFeedbackData) {
    // the hand the reading was made from, and the movement before it (J and Z are drawn): by the
    // time the learner presses, the hand may have moved or gone
    const frames = p.handsBefore(fb);
    // a wrong reading reported no longer counts against the learner (here; the server withdraws it
    // by the attempt the report names, and links a report made offline to the practice it was in)
    p.withdraw(fb);
    const body = {
      client_id: crypto.randomUUID(),
      ...(fb.attempt_id ? { attempt_id: fb.attempt_id } : {}),
      target: fb.target,
      detected: fb.detected,
      confidence: fb.confidence,
      landmarks: frames.at(-1)?.landmarks ?? p.hand?.landmarks ?? null,
      ...(frames.length ? { frames } : {}),
    };
    // A session with no attempt yet has no row on the server: the report then goes without it.
    await reportFeedback(p.sessionId ? { ...body, session_id: p.sessionId } : body);
  }

  if (p.phase === 'complete' && p.summary) {
    return (
      <CompletionScreen
        summary={p.summary}
        onChooseStory={p.backToPicker}
        onTryAgain={p.story && !live.local.down ? () => p.start({ story_id: p.story!.id }) : undefined}
        offline={live.local.down}
        onPractiseNext={async () => {
          // the letters the result names, drilled at this story's level; with none, the server's next story
          const letters = p.summary?.practise_letters ?? [];
          if (letters.length && p.story && !live.local.down)
            return p.start({ drill: { letters, level: p.story.level } });
          const id = await getNextStoryId().catch(() => null);
          if (id) p.start({ story_id: id });
          else p.backToPicker();
        }}
      />
    );
  }

  if (p.phase === 'picking' || p.phase === 'starting' || !p.story || !p.state) {
    return (
      <div className="story-practice">
        {p.message && <PracticeNotice text={p.message} />}
        {p.phase === 'starting' && (
          <p role="status" className="muted">
            Starting your story…
          </p>
        )}
        <StoryPicker
          onStart={p.start}
          disabled={p.phase === 'starting' || (live.connection.state !== 'connected' && !live.local.down)}
          onlyStories={live.local.down ? cachedStoryIds() : undefined}
          savedTitles={live.local.down ? cachedStoryTitles() : []}
          offlineUi={offlineStories}
        />
      </div>
    );
  }

  const target = p.state.target;
  const sentence = p.story.sentences[p.state.sentence_index] ?? p.story.sentences[p.story.sentences.length - 1]!;
  const pct = p.state.letters_total ? Math.round((p.state.letters_done / p.state.letters_total) * 100) : 0;
  return (
    <div className="story-practice">
      <div className="story-header">
        <h2 ref={title} tabIndex={-1}>
          {p.story.title}
        </h2>
        <button type="button" className="link-button" onClick={p.leave}>
          Choose another story
        </button>
      </div>
      <div className="story-progress">
        <span>
          Sentence {p.state.sentence_index + 1} of {p.story.sentences.length} · {p.state.letters_done} of{' '}
          {p.state.letters_total} letters
        </span>
        <Bar role="progressbar" label="Story progress" percent={pct} />
      </div>
      {p.message && <PracticeNotice text={p.message} />}
      <div className="practice-target">
        <SentenceView sentence={sentence} target={target} />
        {target && <TargetHandshape key={target.letter} letter={target.letter} />}
        <TargetAnnouncer target={target} />
      </div>
      <FeedbackPanel
        slot={live.feedbackSlot}
        feedback={shownFeedback}
        handSeen={!!p.hand}
        tooDark={live.tooDark}
        cameraOff={live.camera.state === 'inactive'}
        cameraFailed={live.camera.state === 'error'}
        onAction={p.act}
        onReport={report}
        disabled={live.connection.state !== 'connected' && !live.local.down}
      />
    </div>
  );
}
