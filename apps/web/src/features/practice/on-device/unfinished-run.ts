import { SYNC_TAGS, type OfflineSessionRequest, type Story } from '@asl/protocol';
import { pendingRecords, type OutboxItem } from '../../../lib/outbox';
import { positionKey, storyTargets, type ScoredAttempt } from '../../../lib/recognition/practice-rules';
import type { OfflineEngineOptions } from './offline-engine';

/** Where a story left unfinished on this device stands: what a new engine continues from. */
export type UnfinishedRun = Required<Pick<OfflineEngineOptions, 'from' | 'serverSessionId' | 'earlier' | 'earlierMs'>>;

const sessionOf = (b: OfflineSessionRequest) => b.session_id ?? b.client_id;

/**
 * The learner's practice of `story` on this device that is still waiting in the outbox, neither
 * finished nor ended (the page was reloaded, or the tab closed, while offline): the session it
 * belongs to, its attempts so far (every piece of it waiting, oldest first), its practice time,
 * and the letter to continue at (after the last one accepted, or the one last tried). Null when
 * there is none, or the outbox cannot be read.
 */
export async function unfinishedRun(learnerId: string, story: Story): Promise<UnfinishedRun | null> {
  let records;
  try {
    records = await pendingRecords<OfflineSessionRequest>(SYNC_TAGS.practiceData);
  } catch {
    return null;
  }
  const mine = records
    .map((r) => r.data)
    .filter((d: OutboxItem<OfflineSessionRequest>) => d.user_id === learnerId && !d.kind)
    .map((d) => d.body)
    .filter((b) => b.story_id === story.id)
    .sort((a, b) => a.started_at.localeCompare(b.started_at));
  const latest = mine.at(-1);
  if (!latest || latest.completed_at !== null || latest.ended) return null;
  const session = sessionOf(latest);
  const pieces = mine.filter((b) => sessionOf(b) === session);
  const attempts = pieces.flatMap((b) => b.attempts).sort((a, b) => a.at.localeCompare(b.at));
  const last = attempts.at(-1);
  if (!last) return null;
  const targets = storyTargets(story);
  const at = targets.findIndex((t) => positionKey(t) === positionKey(last));
  if (at < 0) return null;
  const next = last.correct ? targets[at + 1] : targets[at];
  if (!next) return null;
  return {
    serverSessionId: session,
    from: { sentence_index: next.sentence_index, word_index: next.word_index, letter_index: next.letter_index },
    earlier: attempts.map((a): ScoredAttempt => ({
      sentence_index: a.sentence_index,
      word_index: a.word_index,
      letter_index: a.letter_index,
      target: a.target,
      correct: a.correct,
      ...(a.withdrawn ? { withdrawn: true } : {}),
    })),
    earlierMs: pieces.reduce((ms, b) => ms + (b.active_ms ?? 0), 0),
  };
}
