import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { practiceSessions } from '../db/schema';

/** Where a learner stands with a story: finished before, and the letters done of the session open now. */
export interface StoryState {
  completed: boolean;
  /** the open session's letters done (null: none open) */
  letters_done: number | null;
}

/**
 * The learner's stand with each story practised (the story list marks them: "Finished", "In
 * progress: 3 of 15 letters"). One grouped read of the learner's sessions; the open session is
 * the one last saved, the one Start takes up again.
 */
export async function storyStates(db: Db, userId: string): Promise<Map<string, StoryState>> {
  const s = practiceSessions;
  const rows = await db
    .select({
      storyId: s.storyId,
      completed: sql<boolean>`bool_or(${s.status} = 'completed')`,
      lettersDone: sql<
        number | null
      >`(array_agg(${s.lettersDone} order by ${s.updatedAt} desc) filter (where ${s.status} = 'active'))[1]`,
    })
    .from(s)
    .where(and(eq(s.userId, userId), inArray(s.status, ['active', 'completed'])))
    .groupBy(s.storyId);
  return new Map(
    rows.map((r) => [
      r.storyId,
      { completed: !!r.completed, letters_done: r.lettersDone === null ? null : Number(r.lettersDone) },
    ]),
  );
}
