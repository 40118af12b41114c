export { AslWorld as AslWorldPage } from './AslWorld';
export type { AslWorldProps } from './AslWorld';
export type { AslWorldPageProps, LiveContext } from './AslWorldPage';
export type { OfflinePracticeLog, OfflineAttempt, PracticeDataSink } from './on-device/practice-log';
export type { OfflineStoriesUi } from './story/StoryPicker';
