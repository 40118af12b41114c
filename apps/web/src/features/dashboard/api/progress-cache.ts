import type { ProgressResponse } from '@asl/protocol';
import { PROGRESS_CACHE_KEY, readJson, writeJson } from '../../../lib/storage/keys';

interface Cached {
  userId: string;
  savedAt: string;
  progress: ProgressResponse;
}

export function saveProgress(userId: string, progress: ProgressResponse, now = new Date()): void {
  writeJson(PROGRESS_CACHE_KEY, { userId, savedAt: now.toISOString(), progress } satisfies Cached);
}

/** The cached progress of this learner (never another's), or null. */
export function cachedProgress(userId: string): { progress: ProgressResponse; savedAt: Date } | null {
  const c = readJson<Cached | null>(PROGRESS_CACHE_KEY, null);
  if (!c || c.userId !== userId || !c.progress?.totals) return null;
  return { progress: c.progress, savedAt: new Date(c.savedAt) };
}
