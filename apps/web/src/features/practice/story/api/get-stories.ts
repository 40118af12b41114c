import type { StorySummary } from '@asl/protocol';
import { request } from '../../../../lib/api/client';

export async function getStories(filter: { level?: number; tag?: string } = {}): Promise<StorySummary[]> {
  const q = new URLSearchParams();
  if (filter.level) q.set('level', String(filter.level));
  if (filter.tag) q.set('tag', filter.tag);
  const qs = q.toString();
  return (await request<{ stories: StorySummary[] }>(`/stories${qs ? `?${qs}` : ''}`)).stories;
}
