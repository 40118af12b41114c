import type { ProgressResponse } from '@asl/protocol';
import { request } from '../../../../lib/api/client';

/** The story the server suggests next (it favours the learner's weakest letters). */
export async function getSuggestedStoryId(): Promise<string | null> {
  return (await request<ProgressResponse>('/progress')).suggested_story_id;
}
