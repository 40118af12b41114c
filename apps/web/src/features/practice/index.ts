export { AslWorld as AslWorldPage } from './AslWorld';
export type { AslWorldPageProps, LiveContext } from './AslWorldPage';
export type { OfflinePracticeLog, OfflineAttempt, PracticeDataSink } from './offline/practice-log';
