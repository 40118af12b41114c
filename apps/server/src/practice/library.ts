import type { Story } from '@asl/protocol';
import type { Db } from '../db/client';
import { getStory, listStories, rowToStory, syncStories } from './stories-repo';
import { assembleForTopic, drillForLetters, pickForTopic, suggestStory } from './story-picker';

/** The story library as the practice features see it: read from the database, cached briefly. */
export class StoryLibrary {
  private cache: { at: number; stories: Story[] } | null = null;
  constructor(private readonly db: Db) {}

  async all(): Promise<Story[]> {
    if (this.cache && Date.now() - this.cache.at < 60_000) return this.cache.stories;
    const rows = await listStories(this.db, {});
    this.cache = { at: Date.now(), stories: rows.map(rowToStory) };
    return this.cache.stories;
  }

  get(id: string): Promise<Story | null> {
    return getStory(this.db, id);
  }

  /** A library story for the topic, or one assembled from the library and saved. */
  async forTopic(topic: string): Promise<Story | null> {
    const library = (await this.all()).filter((s) => !s.tags.includes('topic'));
    const picked = pickForTopic(topic, library);
    if (picked) return picked;
    const assembled = assembleForTopic(topic, library);
    if (!assembled) return null;
    await syncStories(this.db, [assembled]);
    this.cache = null;
    return assembled;
  }

  /** The next story of the library (never a drill): at the learner's level, favouring their weakest letters. */
  async next(weakest: string[], level: number, recent: string[]): Promise<Story | null> {
    return suggestStory(await this.all(), weakest, level, recent);
  }

  /** A short drill of these letters at this level (saved like a topic story), or null with no letter. */
  async drill(letters: string[], level: number): Promise<Story | null> {
    const drill = drillForLetters(letters, level, await this.all());
    if (!drill) return null;
    if (!(await this.get(drill.id))) {
      await syncStories(this.db, [drill]);
      this.cache = null;
    }
    return drill;
  }
}
