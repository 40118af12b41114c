import { getProgress } from '../../../../lib/api/get-progress';

/**
 * The next story the server suggests (a library story, never a drill; it favours the learner's
 * weakest letters), from GET /progress: what a result's "Practise the next story" opens.
 */
export async function getNextStoryId(): Promise<string | null> {
  return (await getProgress()).next_story_id ?? null;
}
