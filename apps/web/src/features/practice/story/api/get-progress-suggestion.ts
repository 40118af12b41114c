import { getProgress } from '../../../../lib/api/get-progress';

/** The story the server suggests next (it favours the learner's weakest letters), from GET /progress. */
export async function getSuggestedStoryId(): Promise<string | null> {
  return (await getProgress()).suggested_story_id;
}
