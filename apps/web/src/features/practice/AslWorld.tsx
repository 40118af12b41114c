import { Link } from 'react-router';
import type { LiveSocketSnapshot } from '../../lib/live/socket';
import { AslWorldPage } from './AslWorldPage';
import type { PracticeDataSink } from './on-device/practice-log';
import type { OfflineStoriesUi } from './story/StoryPicker';
import { StoryPractice } from './story/StoryPractice';

export interface AslWorldProps {
  onPracticeData?: PracticeDataSink;
  /** Told the live socket's state (null when the page lets it go): the sidebar's status. */
  onLiveState?: (state: LiveSocketSnapshot['state'] | 'reconnecting' | null) => void;
  /** How the story picker says, offline, which stories this device can practise and why the others cannot. */
  offlineStories?: OfflineStoriesUi;
}

/**
 * ASL World as routed: the live camera page with story practice in its panel, and under it a link
 * to how well recognition works (the About recognition page). `onPracticeData` receives the log of
 * each story practised offline (the practice-data sync queue); until one is given, logs are kept
 * in localStorage.
 */
export function AslWorld({ onPracticeData, onLiveState, offlineStories }: AslWorldProps = {}) {
  return (
    <AslWorldPage
      onLiveState={onLiveState}
      storyPanel={(live) => (
        <>
          <StoryPractice live={live} onPracticeData={onPracticeData} offlineStories={offlineStories} />
          <p className="muted about-recognition-link">
            <Link to="/about-recognition">How well does recognition work?</Link>
          </p>
        </>
      )}
    />
  );
}
