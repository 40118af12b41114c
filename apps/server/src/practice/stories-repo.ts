import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storySchema, type Story, type StorySummary } from '@asl/protocol';
import { and, arrayContains, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stories } from '../db/schema';
import { letterCount } from '@asl/practice';

/** apps/server/content/stories, found from the source tree or the bundle. */
export function storiesFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const c of [join(here, '../../content/stories'), join(here, '../content/stories')]) {
    if (existsSync(c)) return c;
  }
  throw new Error(`Story content folder not found near ${here}`);
}

export async function readStoryFiles(folder = storiesFolder()): Promise<Story[]> {
  const files = (await readdir(folder)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (f) => {
      const parsed = storySchema.safeParse(JSON.parse(await readFile(join(folder, f), 'utf8')));
      if (!parsed.success) throw new Error(`Invalid story ${f}: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    }),
  );
}

/** Loads the content files into the database; unchanged stories are left alone. */
export async function syncStories(db: Db, list: Story[]): Promise<number> {
  let changed = 0;
  for (const s of list) {
    const contentHash = createHash('sha256').update(JSON.stringify(s)).digest('hex');
    const values = {
      id: s.id,
      level: s.level,
      title: s.title,
      summary: s.summary,
      tags: s.tags,
      sentences: s.sentences,
      letterCount: letterCount(s),
      contentHash,
      updatedAt: new Date(),
    };
    const res = await db
      .insert(stories)
      .values(values)
      .onConflictDoUpdate({ target: stories.id, set: values, setWhere: sql`${stories.contentHash} <> ${contentHash}` })
      .returning({ id: stories.id });
    changed += res.length;
  }
  return changed;
}

type StoryRow = typeof stories.$inferSelect;

export function rowToStory(row: StoryRow): Story {
  return {
    id: row.id,
    level: row.level,
    title: row.title,
    summary: row.summary,
    tags: row.tags,
    sentences: row.sentences as Story['sentences'],
  };
}

export function rowToSummary(row: StoryRow): StorySummary {
  const { sentences, ...rest } = rowToStory(row);
  return { ...rest, sentence_count: sentences.length, letter_count: row.letterCount };
}

/**
 * The library's stories, by level then id. Stories made for a learner (a topic or a drill, tagged
 * 'topic') are left out in the query: there may be many, and no list shows them.
 */
export async function listStories(
  db: Db,
  filter: { level?: number | undefined; tag?: string | undefined },
): Promise<StoryRow[]> {
  const conditions = [sql`not (${stories.tags} @> array['topic']::text[])`];
  if (filter.level) conditions.push(eq(stories.level, filter.level));
  if (filter.tag) conditions.push(arrayContains(stories.tags, [filter.tag]));
  return db
    .select()
    .from(stories)
    .where(and(...conditions))
    .orderBy(asc(stories.level), asc(stories.id));
}

export async function getStory(db: Db, id: string): Promise<Story | null> {
  const [row] = await db.select().from(stories).where(eq(stories.id, id)).limit(1);
  return row ? rowToStory(row) : null;
}
