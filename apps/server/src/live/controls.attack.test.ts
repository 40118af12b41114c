/**
 * What the attack review of 2026-11-28 found on the live socket's control actions: one account
 * sending fifty start_session of new topics a second wrote a shared story row each, emptied the
 * library's cache each time, and queued actions without end that ran on after the socket closed;
 * everyone's requests took 10 s and more. Now control actions have a rate and a queue limit of
 * their own per socket, and each learner may have a few new stories made an hour.
 */
import { SESSION_ENDED_ACTION } from '@asl/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories } from '../db/schema';
import { LiveTestClient } from '../test/live-client';
import { newLearner } from '../test/live-attack';
import { startTestServer, type TestServer } from '../test/test-server';
import { LIVE_LIMITS } from './connection';
import { ERROR_CODES } from '@asl/protocol';

const MADE_PER_HOUR = 5;
const STARTS_PER_MIN = 24;
/** A made-up topic word (letters only): no library story matches it, so one is made. */
const topicWord = (tag: string, i: number) => `${tag}${i}`.replace(/\d/g, (d) => 'qwxzjvkyph'[Number(d)]!).slice(0, 12);

describe('live control actions: rate, queue, and stories made per learner', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      STORIES_MADE_PER_HOUR: String(MADE_PER_HOUR),
      LIVE_STARTS_PER_MIN: String(STARTS_PER_MIN),
    });
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

  it('answers a flood of start_session for new topics with few sessions and refusals, and makes few rows', async () => {
    const before = await madeStories();
    const c = await LiveTestClient.connect(server.wsUrl(await newLearner(server, 'topics')));
    const sent = 60;
    for (let i = 0; i < sent; i++)
      c.send({ type: 'control', action: 'start_session', data: { topic: topicWord('flood', i) } });
    // every one is answered: a session, or a refusal
    const answered = () =>
      c.received.filter(
        (m) => m.type === 'practice_session_response' || m.type === 'error' || m.type === 'control_response',
      );
    await c.next(() => answered().length >= sent, 30_000);
    const refused = (code: string) => c.received.filter((m) => m.type === 'error' && m.data?.code === code).length;
    // at most a burst is taken (and at most 8 wait), the rest refused at once, as the action they are
    const tooMany = c.received.filter(
      (m) => m.type === 'control_response' && !m.data.success && m.message === ERROR_CODES.CONTROL_RATE_LIMITED.message,
    );
    expect(tooMany.length).toBeGreaterThanOrEqual(sent - LIVE_LIMITS.controlBurst - 1);
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

  it('limits the starts of one learner across sockets (LIVE_STARTS_PER_MIN)', async () => {
    const token = await newLearner(server, 'starts');
    const sockets = await Promise.all([0, 1, 2].map(() => LiveTestClient.connect(server.wsUrl(token))));
    const answers = () =>
      sockets.flatMap((c) =>
        c.received.filter(
          (m) =>
            m.type === 'practice_session_response' ||
            // (not the notice that another socket took the story up: the answers to the starts)
            (m.type === 'control_response' && m.data.action !== SESSION_ENDED_ACTION),
        ),
      );
    // three sockets, ten starts each, a little apart (within each socket's own rate)
    for (let round = 0; round < 10; round++) {
      for (const c of sockets) c.send({ type: 'control', action: 'start_session', data: { story_id: 'l1-my-cat' } });
      await expect.poll(() => answers().length, { timeout: 15_000 }).toBe((round + 1) * sockets.length);
    }
    const started = answers().filter((m) => m.type === 'practice_session_response').length;
    expect(started).toBe(STARTS_PER_MIN);
    expect(answers().filter((m) => m.type === 'control_response' && !m.data.success)).toHaveLength(30 - STARTS_PER_MIN);
    for (const c of sockets) c.close();
  });

  it('suggests a drill on /progress without making it, and makes it when the learner starts it (within the budget)', async () => {
    const token = await newLearner(server, 'drill');
    // one wrong attempt at the first letter of a story: the dashboard suggests a drill of it
    const now = new Date().toISOString();
    const upload = await fetch(server.api('/practice/offline-sessions'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: crypto.randomUUID(),
        story_id: 'l1-my-cat',
        started_at: now,
        completed_at: null,
        attempts: [
          {
            client_id: crypto.randomUUID(),
            sentence_index: 0,
            word_index: 0,
            letter_index: 0,
            target: 'C',
            detected: 'O',
            correct: false,
            confidence: 0.9,
            held_ms: 400,
            hint: '',
            at: now,
          },
        ],
      }),
    });
    expect(upload.status).toBe(201);
    const before = await madeStories();
    const progress = (await (
      await fetch(server.api('/progress'), { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { suggested_story_id: string };
    expect(progress.suggested_story_id).toMatch(/^drill-l1-/);
    expect(await madeStories()).toBe(before);
    const c = await LiveTestClient.connect(server.wsUrl(token));
    c.send({ type: 'control', action: 'start_session', data: { story_id: progress.suggested_story_id } });
    const res = await c.next((m) => m.type === 'practice_session_response' || m.type === 'error');
    expect(res.data.story_id).toBe(progress.suggested_story_id);
    expect(await madeStories()).toBe(before + 1);
    // a drill id that is not a drill of these letters is no story
    c.send({ type: 'control', action: 'start_session', data: { story_id: 'drill-l1-cc' } });
    expect((await c.next((m) => m.type === 'error')).data.code).toBe('STORY_NOT_FOUND');
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
