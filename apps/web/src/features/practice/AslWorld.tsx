import { Link } from 'react-router';
import { AslWorldPage } from './AslWorldPage';
import type { PracticeDataSink } from './offline/practice-log';
import { StoryPractice } from './story/StoryPractice';

/**
 * ASL World as routed: the live camera page with story practice in its panel, and under it a link
 * to how well recognition works (the About recognition page). `onPracticeData` receives the log of
 * each story practised offline (the practice-data sync queue); until one is given, logs are kept
 * in localStorage.
 */
export function AslWorld({ onPracticeData }: { onPracticeData?: PracticeDataSink } = {}) {
  return (
    <AslWorldPage
      storyPanel={(live) => (
        <>
          <StoryPractice live={live} onPracticeData={onPracticeData} />
          <p className="muted about-recognition-link">
            <Link to="/about-recognition">How well does recognition work?</Link>
          </p>
        </>
      )}
    />
  );
}
