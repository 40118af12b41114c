import type { ProgressResponse } from '@asl/protocol';
import { call } from './call';

/**
 * GET /progress: the learner's figures and the story the server suggests next. The one fetcher of
 * /progress, for the dashboard and for practice's suggestion.
 */
export function getProgress(signal?: AbortSignal): Promise<ProgressResponse> {
  return call('progress', {}, signal ? { signal } : {});
}
