import type { Story, StorySummary } from '@asl/protocol';
import { readJson, writeJson } from '../../../lib/storage/keys';

/**
 * What offline practice needs from earlier visits: the story lists last fetched (per level) and
 * the full stories practised (their sentences), so a story can be picked and practised offline.
 * Story content only: nothing about the learner.
 */
const LIST_KEY = 'offline_story_lists';
const STORY_KEY = 'offline_stories';
const MAX_STORIES = 30;

export function rememberStoryList(level: number, stories: StorySummary[]): void {
  writeJson(LIST_KEY, { ...readJson<Record<string, StorySummary[]>>(LIST_KEY, {}), [level]: stories });
}

export function cachedStoryList(level: number): StorySummary[] | null {
  return readJson<Record<string, StorySummary[]>>(LIST_KEY, {})[level] ?? null;
}

export function rememberStory(story: Story): void {
  const all = readJson<Story[]>(STORY_KEY, []).filter((s) => s.id !== story.id);
  all.push(story);
  writeJson(STORY_KEY, all.slice(-MAX_STORIES));
}

export function cachedStory(id: string): Story | null {
  return readJson<Story[]>(STORY_KEY, []).find((s) => s.id === id) ?? null;
}

export function cachedStoryIds(): Set<string> {
  return new Set(readJson<Story[]>(STORY_KEY, []).map((s) => s.id));
}

export function cachedStoryTitles(): string[] {
  return readJson<Story[]>(STORY_KEY, []).map((s) => s.title);
}
