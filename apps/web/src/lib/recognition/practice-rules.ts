/**
 * The practice rules the server applies, for offline practice in the browser: story targets, the
 * held-letter watcher, feedback and scoring (from @asl/recognition, as the server uses them).
 * Features reach the recogniser package through here (features -> lib -> packages).
 */
export {
  classify,
  feedbackFor,
  firstTargetOfNextSentence,
  firstTargetOfWord,
  handshapeInput,
  LetterWatcher,
  MAX_ACTIVE_GAP_MS,
  praiseFor,
  storyTargets,
  summarise,
  targetIndexOf,
} from '@asl/recognition';
