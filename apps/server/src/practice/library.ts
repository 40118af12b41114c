import type { Story } from '@asl/protocol';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { getStory, listStories, rowToStory, syncStories } from './stories-repo';
import { assembleForTopic, drillForLetters, pickForTopic, suggestStory } from './story-picker';

/**
 * Whether a learner may have one more story made for them now (a topic or a drill not made
 * before): each is a row of the shared story table.
 */
export type MayMakeStory = () => Promise<boolean>;

/**
 * The story library as the practice features see it: read from the database, cached briefly.
 * Stories made for learners (topics, drills; tagged 'topic') are rows too, so a session of one
 * can be resumed, but are never in the cached library: making one changes nothing there.
 */
export class StoryLibrary {
  private cache: { at: number; stories: Story[] } | null = null;
  constructor(private readonly db: Db) {}

  /** The library's own stories (not those made for learners). */
  async all(): Promise<Story[]> {
    if (this.cache && Date.now() - this.cache.at < 60_000) return this.cache.stories;
    const rows = await listStories(this.db, {});
    this.cache = { at: Date.now(), stories: rows.map(rowToStory) };
    return this.cache.stories;
  }

  get(id: string): Promise<Story | null> {
    return getStory(this.db, id);
  }

  /**
   * A library story for the topic, or one assembled from the library and saved. Over the
   * learner's budget of new stories (`mayMake`), STORIES_MADE_LIMITED.
   */
  async forTopic(topic: string, mayMake?: MayMakeStory): Promise<Story | null> {
    const library = await this.all();
    const picked = pickForTopic(topic, library);
    if (picked) return picked;
    const assembled = assembleForTopic(topic, library);
    return assembled ? this.made(assembled, mayMake) : null;
  }

  /** The next story of the library (never a drill): at the learner's level, favouring their weakest letters. */
  async next(weakest: string[], level: number, recent: string[]): Promise<Story | null> {
    return suggestStory(await this.all(), weakest, level, recent);
  }

  /**
   * A short drill of these letters at this level (saved like a topic story), or null with no
   * letter. Over the learner's budget of new stories (`mayMake`), STORIES_MADE_LIMITED.
   */
  async drill(letters: string[], level: number, mayMake?: MayMakeStory): Promise<Story | null> {
    const drill = await this.drillOf(letters, level);
    return drill ? this.made(drill, mayMake) : null;
  }

  /** The drill of these letters at this level, as it would be made (nothing is written: a suggestion). */
  async drillOf(letters: string[], level: number): Promise<Story | null> {
    return drillForLetters(letters, level, await this.all());
  }

  /**
   * A story by id; a drill not made yet (suggested by /progress, which writes nothing) is made
   * now, within the budget (`mayMake`). Null when there is no such story.
   */
  async getOrMakeDrill(id: string, mayMake?: MayMakeStory): Promise<Story | null> {
    const m = /^drill-l([1-4])-([a-z0-9]{1,12})$/.exec(id);
    const drill = m ? await this.drillOf(m[2]!.toUpperCase().split(''), Number(m[1])) : null;
    // (made() reads the stored one first: one read either way)
    return drill?.id === id ? this.made(drill, mayMake) : this.get(id);
  }

  /** The story as stored: made once, the first time it is asked for (within the budget). */
  private async made(story: Story, mayMake?: MayMakeStory): Promise<Story> {
    const stored = await this.get(story.id);
    if (stored) return stored;
    if (mayMake && !(await mayMake())) throw new AppError('STORIES_MADE_LIMITED');
    await syncStories(this.db, [story]);
    return story;
  }
}
