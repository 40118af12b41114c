import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { LiveTestClient } from '../test/live-client';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';

describe.each(DB_KINDS)('stories, practice sessions and progress (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let n = 0;
  const newLearner = async () => {
    const id = `${Date.now().toString(36)}${n++}`;
    const res = await call(server.api('/auth/register'), {
      body: { username: `prac_${id}`, email: `prac${id}@example.org`, password: 'signing-is-fun' },
    });
    return res.body.access_token as string;
  };
  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_REGISTER_PER_MIN: '1000' });
    token = await newLearner();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists at least 24 stories in 4 levels and filters by level and tag', async () => {
    expect((await call(server.api('/stories'))).status).toBe(401);
    const all = await call(server.api('/stories'), { token });
    expect(all.status).toBe(200);
    expect(all.body.stories.length).toBeGreaterThanOrEqual(24);
    expect(new Set(all.body.stories.map((s: { level: number }) => s.level))).toEqual(new Set([1, 2, 3, 4]));
    const first = all.body.stories[0];
    expect(first).toMatchObject({ id: expect.any(String), title: expect.any(String), level: 1 });
    expect(first.letter_count).toBeGreaterThan(0);
    const l2 = await call(server.api('/stories?level=2'), { token });
    expect(l2.body.stories.every((s: { level: number }) => s.level === 2)).toBe(true);
    const tag = first.tags[0];
    const tagged = await call(server.api(`/stories?tag=${tag}`), { token });
    expect(tagged.body.stories.every((s: { tags: string[] }) => s.tags.includes(tag))).toBe(true);
    const bad = await call(server.api('/stories?level=9'), { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('level');
    const one = await call(server.api(`/stories/${first.id}`), { token });
    expect(one.body.story.sentences.length).toBeGreaterThan(0);
    expect((await call(server.api('/stories/nope'), { token })).body.error.code).toBe('STORY_NOT_FOUND');
  });

  it('starts, moves through and completes a practice session over the socket, and resumes after a drop', async () => {
    const learner = await newLearner();
    const stories = (await call(server.api('/stories?level=1'), { token: learner })).body.stories;
    const storyId = stories[0].id;
    let c = await LiveTestClient.connect(server.wsUrl(learner));
    c.send({ type: 'control', action: 'try_again', data: {} });
    const refused = await c.next((m) => m.type === 'control_response');
    expect(refused.data.success).toBe(false);

    c.send({ type: 'control', action: 'start_session', data: { story_id: storyId } });
    const started = await c.next((m) => m.type === 'practice_session_response');
    expect(started.data).toMatchObject({ story_id: storyId, status: 'active', resumed: false, letters_done: 0 });
    expect(started.data.target).toMatchObject({ sentence_index: 0, word_index: 0, letter_index: 0 });
    expect(started.data.story.id).toBe(storyId);
    const sessionId = started.data.session_id;

    c.send({ type: 'control', action: 'next_sentence', data: {} });
    const moved = await c.nth('control_response', 2);
    expect(moved.data).toMatchObject({ action: 'next_sentence', success: true });
    expect(moved.data.state.sentence_index).toBe(1);

    // Drop the connection; the next one resumes where the learner was.
    c.close();
    await c.closeInfo;
    c = await LiveTestClient.connect(server.wsUrl(learner));
    c.send({ type: 'control', action: 'start_session', data: { session_id: sessionId } });
    const resumed = await c.next((m) => m.type === 'practice_session_response');
    expect(resumed.data).toMatchObject({ session_id: sessionId, resumed: true, sentence_index: 1 });

    c.send({ type: 'control', action: 'try_again', data: {} });
    expect((await c.nth('control_response', 1)).data.state.target.letter_index).toBe(0);

    c.send({ type: 'control', action: 'complete_story', data: {} });
    const done = await c.next((m) => m.type === 'session_complete');
    expect(done.data).toMatchObject({
      session_id: sessionId,
      story_id: storyId,
      letters_attempted: 0,
      overall_score: 0,
      completed: false,
    });
    expect(done.data.completion_message.length).toBeGreaterThan(0);
    expect(Array.isArray(done.data.final_suggestions)).toBe(true);
    c.close();

    // No attempt was made: the session leaves no row, and progress shows none.
    const progress = await call(server.api('/progress'), { token: learner });
    expect(progress.status).toBe(200);
    expect(progress.body.totals).toMatchObject({ sessions: 0, completed_sessions: 0, practice_time_ms: 0 });
    expect(progress.body.recent_sessions).toEqual([]);
    expect(typeof progress.body.suggested_story_id).toBe('string');
  });

  it('restarts a story as a new session, stops a session, and starts from a topic word', async () => {
    const learner = await newLearner();
    const c = await LiveTestClient.connect(server.wsUrl(learner));
    c.send({ type: 'control', action: 'start_session', data: { topic: 'weather' } });
    const started = await c.next((m) => m.type === 'practice_session_response');
    expect(started.data.story.tags).toContain('weather');
    c.send({ type: 'control', action: 'restart_story', data: {} });
    const restarted = await c.nth('control_response', 1);
    expect(restarted.data.success).toBe(true);
    expect(restarted.data.state.session_id).not.toBe(started.data.session_id);
    c.send({ type: 'control', action: 'stop_session', data: {} });
    const stopped = await c.nth('control_response', 2);
    expect(stopped.data.state.status).toBe('stopped');

    c.send({ type: 'control', action: 'start_session', data: { topic: 'xylophones' } });
    const assembled = await c.nth('practice_session_response', 2);
    expect(assembled.data.story.id).toBe('topic-xylophones');
    expect(assembled.data.target.word).toBe('XYLOPHONES');
    c.send({ type: 'control', action: 'start_session', data: {} });
    expect((await c.next((m) => m.type === 'error')).data.code).toBe('INVALID_MESSAGE');
    c.send({ type: 'control', action: 'start_session', data: { story_id: 'no-such-story' } });
    expect((await c.nth('error', 2)).data.code).toBe('STORY_NOT_FOUND');
    // a topic of two words is two words; one with nothing to spell is said so
    c.send({ type: 'control', action: 'start_session', data: { topic: 'Ice Crème' } });
    const two = await c.nth('practice_session_response', 3);
    expect(two.data.story).toMatchObject({ id: 'topic-ice-creme', title: 'All about Ice creme' });
    expect(two.data.story.sentences[0].targets).toEqual(['ICE', 'CREME']);
    expect(two.data.note).toBeUndefined();
    // a phrase: its small words left out, and the words that do not fit named beside the story
    c.send({ type: 'control', action: 'start_session', data: { topic: 'my grandmother loves knitting sweaters' } });
    const long = await c.nth('practice_session_response', 4);
    expect(long.data.story.id).toBe('topic-grandmother');
    expect(long.data.note).toBe(
      "A topic's words are at most 12 letters together, so this story leaves out loves, knitting and sweaters.",
    );
    c.send({ type: 'control', action: 'start_session', data: { topic: '!!!' } });
    expect(await c.nth('error', 3)).toMatchObject({
      data: { code: 'TOPIC_UNUSABLE' },
      message: 'No story can be made from that topic. Try a word or two, such as rain or ice cream.',
    });
    c.close();
  });

  it("starts a drill of the letters a story's result named, in that order, at the story's level", async () => {
    const learner = await newLearner();
    const c = await LiveTestClient.connect(server.wsUrl(learner));
    c.send({ type: 'control', action: 'start_session', data: { drill: { letters: ['T', 'A'], level: 1 } } });
    const started = await c.next((m) => m.type === 'practice_session_response');
    expect(started.data.story).toMatchObject({ id: 'drill-l1-ta', title: 'Practise T, A', level: 1 });
    expect(started.data.story.sentences.map((s: { targets: string[] }) => s.targets[0])).toEqual(['T', 'A']);
    expect(started.data.target).toMatchObject({ word: 'T', letter: 'T' });
    // letters the drill cannot take are refused with a code, and nothing starts
    const bad = [
      { letters: ['T', 'A', 'N', 'O'], level: 1 },
      { letters: ['t'], level: 1 },
      { letters: [], level: 1 },
    ];
    for (const [i, drill] of bad.entries()) {
      c.send({ type: 'control', action: 'start_session', data: { drill } });
      expect((await c.nth('error', i + 1)).data.code).toBe('INVALID_MESSAGE');
    }
    expect(c.received.filter((m) => m.type === 'practice_session_response')).toHaveLength(1);
    c.close();
  });

  it('stores feedback reports with landmarks and is idempotent on client_id', async () => {
    const clientId = '6f1d2c2e-1b7a-4c55-9a43-0d3f1f5f0a11';
    const body = {
      client_id: clientId,
      target: 'A',
      detected: 'S',
      confidence: 0.71,
      landmarks: Array.from({ length: 21 }, (_, i) => [i, i * 2, 0]),
      note: 'I made an A',
    };
    const first = await call(server.api('/feedback-reports'), { token, body });
    expect(first.status).toBe(201);
    const again = await call(server.api('/feedback-reports'), { token, body });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, duplicate: true });
    const bad = await call(server.api('/feedback-reports'), { token, body: { ...body, landmarks: [[1, 2, 3]] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('landmarks');
  });
});
