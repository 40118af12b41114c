/**
 * What offline practice records for the sync queue (the `practice-data` background sync): one log
 * per practised story, handed to `onPracticeData` when the story is completed, restarted or left,
 * or when the connection returns. Attempts carry their own client_id so a replay is idempotent.
 */
export interface OfflineAttempt {
  client_id: string;
  sentence_index: number;
  word_index: number;
  letter_index: number;
  target: string;
  detected: string | null;
  correct: boolean;
  confidence: number;
  held_ms: number;
  /** ISO time of the attempt */
  at: string;
  /** the hint the learner was shown (the server keeps it with each attempt too) */
  hint: string;
  /** a wrong reading the learner reported as misread ("This feedback is wrong"): not counted against them */
  withdrawn?: boolean;
}

export interface OfflinePracticeLog {
  client_id: string;
  story_id: string;
  /**
   * The server session this practice continues: the live one it took over, or, for a session
   * begun on the device, the log's own client_id (the server keeps it under that id while it is
   * unfinished, so the learner continues it online).
   */
  server_session_id: string | null;
  /** restarted or stopped on the device without finishing: the session it continued ends so */
  ended?: 'restarted' | 'stopped';
  started_at: string;
  completed_at: string | null;
  /** practice time on the device (the moves' gaps, each up to a minute: practiceTime's rule) */
  active_ms?: number;
  attempts: OfflineAttempt[];
  /** the learner who practised (set when the engine began): their outbox, even if they sign out meanwhile */
  learner_id?: string | null;
}

/** Where a finished piece of offline practice goes; a promise settles once it is kept. */
export type PracticeDataSink = (log: OfflinePracticeLog) => void | Promise<void>;
