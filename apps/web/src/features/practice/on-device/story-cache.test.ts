import type { Story, StorySummary } from '@asl/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionDown } from '../AslWorldPage';
import { getStories } from '../story/api/get-stories';
import { cachedStory, cachedStoryIds, rememberStory } from './story-cache';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api/client', () => ({ request }));

const summary = (id: string): StorySummary => ({
  id,
  level: 1,
  title: id,
  summary: '',
  tags: [],
  sentence_count: 1,
  letter_count: 3,
});

describe('offline story list and stories', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    request.mockReset();
  });

  it('answers the list fetched last time when offline, and fetches when online', async () => {
    request.mockResolvedValueOnce({ stories: [summary('a'), summary('b')] });
    expect((await getStories({ level: 1 })).map((s) => s.id)).toEqual(['a', 'b']);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect((await getStories({ level: 1 })).map((s) => s.id)).toEqual(['a', 'b']);
    expect(request).toHaveBeenCalledTimes(1);
    request.mockRejectedValueOnce(new Error('offline'));
    await expect(getStories({ level: 2 })).rejects.toThrow('offline'); // never fetched: no list
  });

  it('keeps practised stories (latest copy) for offline practice', () => {
    const story: Story = {
      id: 'cat',
      level: 1,
      title: 'Cat',
      summary: '',
      tags: [],
      sentences: [{ text: 'x', targets: ['CAT'] }],
    };
    rememberStory(story);
    rememberStory({ ...story, title: 'Cat 2' });
    expect(cachedStory('cat')?.title).toBe('Cat 2');
    expect([...cachedStoryIds()]).toEqual(['cat']);
    expect(cachedStory('dog')).toBeNull();
  });

  it('counts the connection as down when offline or closed for good, not while reconnecting', () => {
    const snap = (state: 'connected' | 'connecting' | 'disconnected' | 'error', reconnectAttempts = 0) =>
      ({ state, reconnectAttempts, maxReconnectAttempts: 5, error: null, stats: {} }) as never;
    expect(connectionDown(false, snap('connected'))).toBe(true);
    expect(connectionDown(true, snap('connected'))).toBe(false);
    expect(connectionDown(true, snap('error', 5))).toBe(true);
    expect(connectionDown(true, snap('disconnected', 0))).toBe(true);
    expect(connectionDown(true, snap('disconnected', 2))).toBe(false);
    expect(connectionDown(true, snap('connecting', 2))).toBe(false);
  });
});
