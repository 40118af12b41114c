import { AslWorldPage } from './AslWorldPage';
import type { PracticeDataSink } from './offline/practice-log';
import { StoryPractice } from './story/StoryPractice';

/**
 * ASL World as routed: the live camera page with story practice in its panel. `onPracticeData`
 * receives the log of each story practised offline (the practice-data sync queue); until one is
 * given, logs are kept in localStorage.
 */
export function AslWorld({ onPracticeData }: { onPracticeData?: PracticeDataSink } = {}) {
  return <AslWorldPage storyPanel={(live) => <StoryPractice live={live} onPracticeData={onPracticeData} />} />;
}
