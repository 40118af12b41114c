/**
 * The practice engine the server runs (@asl/practice), for offline practice in the browser: the
 * same engine, the same hand reader and scoring. Features reach the packages through here
 * (features -> lib -> packages).
 */
export {
  feedbackData,
  HandReader,
  activeGap,
  PracticeEngine,
  positionKey,
  storyTargets,
  summarise,
  type PracticeEvent,
  type PracticeFrame,
  type ScoredAttempt,
} from '@asl/practice';
