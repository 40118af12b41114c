import type { StorySummary } from '@asl/protocol';
import { request } from '../../../../lib/api/client';
import { cachedStoryList, rememberStoryList } from '../../offline/story-cache';

/** The stories of a level; offline, the list fetched last time (when there is one). */
export async function getStories(filter: { level?: number; tag?: string } = {}): Promise<StorySummary[]> {
  const q = new URLSearchParams();
  if (filter.level) q.set('level', String(filter.level));
  if (filter.tag) q.set('tag', filter.tag);
  const qs = q.toString();
  const cacheable = filter.level !== undefined && !filter.tag;
  if (cacheable && typeof navigator !== 'undefined' && navigator.onLine === false) {
    const cached = cachedStoryList(filter.level!);
    if (cached) return cached;
  }
  try {
    const stories = (await request<{ stories: StorySummary[] }>(`/stories${qs ? `?${qs}` : ''}`)).stories;
    if (cacheable) rememberStoryList(filter.level!, stories);
    return stories;
  } catch (err) {
    const cached = cacheable ? cachedStoryList(filter.level!) : null;
    if (cached) return cached;
    throw err;
  }
}
