import type { StoriesQuery, StorySummary } from '@asl/protocol';
import { call } from '../../../../lib/api/call';
import { cachedStoryList, rememberStoryList } from '../../on-device/story-cache';

/** The stories of a level; offline, the list fetched last time (when there is one). */
export async function getStories(filter: StoriesQuery = {}): Promise<StorySummary[]> {
  const cacheable = filter.level !== undefined && !filter.tag;
  if (cacheable && typeof navigator !== 'undefined' && navigator.onLine === false) {
    const cached = cachedStoryList(filter.level!);
    if (cached) return cached;
  }
  try {
    const { stories } = await call('stories', { query: filter });
    if (cacheable) rememberStoryList(filter.level!, stories);
    return stories;
  } catch (err) {
    const cached = cacheable ? cachedStoryList(filter.level!) : null;
    if (cached) return cached;
    throw err;
  }
}
