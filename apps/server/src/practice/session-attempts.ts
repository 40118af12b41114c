import type { ScoredAttempt } from '@asl/practice';
import type { Position } from '@asl/practice';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { practiceAttempts } from '../db/schema';

/**
 * A session's counted attempts as the result scores them (summarise), in the order made; two in
 * the same millisecond (offline clocks) with the wrong one first. Withdrawn ones are included,
 * marked: summarise leaves them out.
 */
export function sessionAttempts(db: Db, sessionId: string): Promise<(ScoredAttempt & { createdAt: Date })[]> {
  return db
    .select({
      sentence_index: practiceAttempts.sentenceIndex,
      word_index: practiceAttempts.wordIndex,
      letter_index: practiceAttempts.letterIndex,
      target: practiceAttempts.target,
      correct: practiceAttempts.correct,
      withdrawn: practiceAttempts.withdrawn,
      createdAt: practiceAttempts.createdAt,
    })
    .from(practiceAttempts)
    .where(eq(practiceAttempts.sessionId, sessionId))
    .orderBy(asc(practiceAttempts.createdAt), asc(practiceAttempts.correct));
}

/** The letters of a session signed so far: its right attempts' places (a letter skipped with Next Sentence is not done). */
export function signedPositions(db: Db, sessionId: string): Promise<Position[]> {
  return db
    .selectDistinct({
      sentence_index: practiceAttempts.sentenceIndex,
      word_index: practiceAttempts.wordIndex,
      letter_index: practiceAttempts.letterIndex,
    })
    .from(practiceAttempts)
    .where(and(eq(practiceAttempts.sessionId, sessionId), eq(practiceAttempts.correct, true)));
}
