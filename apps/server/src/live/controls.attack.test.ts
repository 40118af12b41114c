/**
 * What the attack review of 2026-11-28 found on the live socket's control actions: one account
 * sending fifty start_session of new topics a second wrote a shared story row each, emptied the
 * library's cache each time, and queued actions without end that ran on after the socket closed;
 * everyone's requests took 10 s and more. Now control actions have a rate and a queue limit of
 * their own per socket, and each learner may have a few new stories made an hour.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories } from '../db/schema';
import { LiveTestClient } from '../test/live-client';
import { newLearner } from '../test/live-attack';
import { startTestServer, type TestServer } from '../test/test-server';
import { LIVE_LIMITS } from './connection';

const MADE_PER_HOUR = 5;
/** A made-up topic word (letters only): no library story matches it, so one is made. */
const topicWord = (tag: string, i: number) => `${tag}${i}`.replace(/\d/g, (d) => 'qwxzjvkyph'[Number(d)]!).slice(0, 12);

describe('live control actions: rate, queue, and stories made per learner', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { STORIES_MADE_PER_HOUR: String(MADE_PER_HOUR) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const madeStories = async () =>
    (
      await server.database.db
        .select({ id: stories.id })
        .from(stories)
        .where(sql`${stories.tags} @> array['topic']::text[]`)
    ).length;

  it('answers a flood of start_session for new topics with few sessions and LIVE_RATE_LIMITED, and makes few rows', async () => {
    const before = await madeStories();
    const c = await LiveTestClient.connect(server.wsUrl(await newLearner(server, 'topics')));
    const sent = 60;
    for (let i = 0; i < sent; i++)
      c.send({ type: 'control', action: 'start_session', data: { topic: topicWord('flood', i) } });
    // every one is answered: a session, or a refusal
    const answered = () => c.received.filter((m) => m.type === 'practice_session_response' || m.type === 'error');
    await c.next(() => answered().length >= sent, 30_000);
    const refused = (code: string) => c.received.filter((m) => m.type === 'error' && m.data?.code === code).length;
    // at most a burst is taken (and at most 8 wait), the rest refused at once
    expect(refused('LIVE_RATE_LIMITED')).toBeGreaterThanOrEqual(sent - LIVE_LIMITS.controlBurst - 1);
    // of those taken, the learner's hourly budget of new stories is made, no more
    const sessions = c.received.filter((m) => m.type === 'practice_session_response').length;
    expect(sessions).toBeLessThanOrEqual(MADE_PER_HOUR);
    expect(await madeStories()).toBe(before + sessions);
    expect(refused('INTERNAL_ERROR')).toBe(0);
    c.close();
  });

  it('makes a learner at most STORIES_MADE_PER_HOUR new stories; one made before, and the library, still start', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(await newLearner(server, 'budget')));
    const start = async (data: Record<string, unknown>) => {
      const n = c.received.length;
      c.send({ type: 'control', action: 'start_session', data });
      return c.next(
        (m) => c.received.indexOf(m) >= n && (m.type === 'practice_session_response' || m.type === 'error'),
      );
    };
    const before = await madeStories();
    for (let i = 0; i < MADE_PER_HOUR; i++)
      expect((await start({ topic: topicWord('budget', i) })).type).toBe('practice_session_response');
    const over = await start({ topic: topicWord('budget', MADE_PER_HOUR) });
    expect(over).toMatchObject({ type: 'error', data: { code: 'STORIES_MADE_LIMITED' } });
    expect(await madeStories()).toBe(before + MADE_PER_HOUR);
    // a topic made before costs nothing; a library story starts as ever
    expect((await start({ topic: topicWord('budget', 0) })).type).toBe('practice_session_response');
    expect((await start({ story_id: 'l1-my-cat' })).data.story_id).toBe('l1-my-cat');
    c.close();
  });

  it('leaves stories made for learners out of the story list', async () => {
    const token = await newLearner(server, 'list');
    const res = await fetch(server.api('/stories'), { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { stories: Array<{ id: string }> };
    expect(body.stories.length).toBeGreaterThan(0);
    expect(body.stories.filter((s) => /^(topic|drill)-/.test(s.id))).toEqual([]);
  });
});
