import type { OfflineSessionRequest } from '@asl/protocol';
import { queuePracticeData } from '../../../lib/outbox/outbox';
import type { OfflinePracticeLog } from './practice-log';

/** The upload the `practice-data` sync replays for one offline practice log. */
export function toOfflineSession(log: OfflinePracticeLog): OfflineSessionRequest {
  return {
    client_id: log.client_id,
    story_id: log.story_id,
    // the server session it continued: one story practised partly online and partly offline is one session
    ...(log.server_session_id ? { session_id: log.server_session_id } : {}),
    ...(log.ended ? { ended: log.ended } : {}),
    started_at: log.started_at,
    completed_at: log.completed_at,
    ...(log.active_ms ? { active_ms: log.active_ms } : {}),
    attempts: log.attempts.map((a) => ({
      client_id: a.client_id,
      sentence_index: a.sentence_index,
      word_index: a.word_index,
      letter_index: a.letter_index,
      target: a.target,
      detected: a.detected,
      correct: a.correct,
      confidence: a.confidence,
      held_ms: Math.round(a.held_ms),
      hint: a.hint.slice(0, 200),
      at: a.at,
      ...(a.withdrawn ? { withdrawn: true } : {}),
    })),
  };
}

/**
 * Default sink of offline practice: the log goes to the IndexedDB outbox (sync tag
 * `practice-data`) of the learner who practised, and lands in their progress, exactly once, when
 * the connection returns and they are signed in (also when they signed out meanwhile).
 */
export function queueOfflinePractice(log: OfflinePracticeLog): Promise<void> {
  return queuePracticeData(toOfflineSession(log), log.learner_id ?? undefined).catch((err: unknown) => {
    console.warn('Could not queue offline practice', err);
  });
}
