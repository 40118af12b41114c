import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { LiveTestClient } from '../test/live-client';
import { startTestServer, type TestServer } from '../test/test-server';
import { PracticeSession } from './practice-session';
import { getStory } from './stories-repo';

/** After offline practice the client continues its server session at the letter it got to. */
describe('start_session with a position (back from offline practice)', () => {
  let server: TestServer;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer('pglite', { RECOGNITION_WORKERS: '0' });
    const res = await call(server.api('/auth/register'), {
      body: {
        username: `offline_${Date.now()}`,
        email: `offline${Date.now()}@example.org`,
        password: 'signing-is-fun',
      },
    });
    token = res.body.access_token;
    userId = res.body.user.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('resumes the session at the given letter, and ignores a position outside the story', async () => {
    const a = await LiveTestClient.connect(server.wsUrl(token));
    a.send({ type: 'control', action: 'start_session', data: { story_id: 'l1-my-cat' } });
    const started = await a.next((m) => m.type === 'practice_session_response');
    expect(started.data.target).toMatchObject({ word: 'CAT', letter: 'C' });
    a.close();

    const b = await LiveTestClient.connect(server.wsUrl(token));
    b.send({
      type: 'control',
      action: 'start_session',
      data: { session_id: started.data.session_id, position: { sentence_index: 0, word_index: 0, letter_index: 2 } },
    });
    const resumed = await b.next((m) => m.type === 'practice_session_response');
    // a place is not a count: no letter was signed (the device's attempts would say which were)
    expect(resumed.data).toMatchObject({ session_id: started.data.session_id, resumed: true, letters_done: 0 });
    expect(resumed.data.target).toMatchObject({ word: 'CAT', letter: 'T' });
    b.close();

    const c = await LiveTestClient.connect(server.wsUrl(token));
    c.send({
      type: 'control',
      action: 'start_session',
      data: { story_id: 'l1-my-cat', position: { sentence_index: 99, word_index: 0, letter_index: 0 } },
    });
    const same = await c.next((m) => m.type === 'practice_session_response');
    expect(same.data).toMatchObject({ session_id: started.data.session_id, letters_done: 0 });
    expect(same.data.target).toMatchObject({ word: 'CAT', letter: 'T' });
    c.close();
  });

  it("a resumed session's start tells the page its attempts so far (a reloaded page scores the story with them)", async () => {
    const db = server.database.db;
    const session = PracticeSession.start(db, userId, (await getStory(db, 'l1-a-sunny-day'))!);
    const at = session.target!;
    const attempt = (correct: boolean) => ({
      kind: 'attempt' as const,
      target: at,
      detected: correct ? at.letter : 'A',
      confidence: 0.9,
      correct,
      counted: true,
      firstTry: false,
      hint: '',
      heldMs: 400,
      advanced: correct,
      finished: false,
    });
    await session.recordAttempt(attempt(false));
    await session.recordAttempt(attempt(true));

    const c = await LiveTestClient.connect(server.wsUrl(token));
    c.send({ type: 'control', action: 'start_session', data: { session_id: session.id } });
    const resumed = await c.next((m) => m.type === 'practice_session_response');
    expect(resumed.data.resumed).toBe(true);
    expect(resumed.data.attempts).toEqual([
      {
        sentence_index: 0,
        word_index: at.word_index,
        letter_index: 0,
        target: at.letter,
        correct: false,
        withdrawn: false,
      },
      {
        sentence_index: 0,
        word_index: at.word_index,
        letter_index: 0,
        target: at.letter,
        correct: true,
        withdrawn: false,
      },
    ]);
    c.close();
  });

  it('a story restarted on the device is the session continued online; the live one it took over ends restarted', async () => {
    // online: C of My Cat signed, then the connection drops and the device takes over
    const db = server.database.db;
    const live = PracticeSession.start(db, userId, (await getStory(db, 'l1-my-cat'))!);
    const c0 = live.target!;
    await live.recordAttempt({
      kind: 'attempt',
      target: c0,
      detected: 'C',
      confidence: 0.9,
      correct: true,
      counted: true,
      firstTry: true,
      hint: '',
      heldMs: 400,
      advanced: true,
      finished: false,
    });
    const now = () => new Date().toISOString();
    const upload = (body: unknown) => call(server.api('/practice/offline-sessions'), { token, body });
    // on the device: Restart Story, so the live session's log ends restarted (no attempt on the device)
    const ended = await upload({
      client_id: randomUUID(),
      story_id: 'l1-my-cat',
      session_id: live.id,
      ended: 'restarted',
      started_at: now(),
      completed_at: null,
      attempts: [],
    });
    expect(ended.body).toMatchObject({ session_id: live.id, status: 'restarted', duplicate: false });
    // the restarted run, begun on the device: C and A signed, kept under the device's id
    const own = randomUUID();
    const letter = (letter_index: number, target: string) => ({
      client_id: randomUUID(),
      sentence_index: 0,
      word_index: 0,
      letter_index,
      target,
      detected: target,
      correct: true,
      confidence: 0.9,
      held_ms: 400,
      at: now(),
    });
    const piece = await upload({
      client_id: own,
      session_id: own,
      story_id: 'l1-my-cat',
      started_at: now(),
      completed_at: null,
      active_ms: 4_000,
      attempts: [letter(0, 'C'), letter(1, 'A')],
    });
    expect(piece.status).toBe(201);
    expect(piece.body).toMatchObject({ session_id: own, status: 'active', attempts_stored: 2 });

    // back online, the page continues the device's session at its place (T)
    const c = await LiveTestClient.connect(server.wsUrl(token));
    c.send({
      type: 'control',
      action: 'start_session',
      data: {
        session_id: own,
        story_id: 'l1-my-cat',
        position: { sentence_index: 0, word_index: 0, letter_index: 2 },
        spent: ['A'],
      },
    });
    const resumed = await c.next((m) => m.type === 'practice_session_response');
    expect(resumed.data).toMatchObject({ session_id: own, resumed: true, letters_done: 2 });
    expect(resumed.data.target).toMatchObject({ letter: 'T' });
    expect(resumed.data.attempts.map((a: { target: string }) => a.target)).toEqual(['C', 'A']);
    c.close();

    // one session of each: the live one restarted (its C kept), the device's one active with its time
    const progress = (await call(server.api('/progress'), { token })).body;
    const byId = new Map(progress.recent_sessions.map((r: { session_id: string }) => [r.session_id, r]));
    expect(byId.get(live.id)).toMatchObject({ status: 'restarted', attempts: 1 });
    expect(byId.get(own)).toMatchObject({ status: 'active', attempts: 2, letters_done: 2 });
    // a replay of the end changes nothing
    expect(
      (
        await upload({
          client_id: randomUUID(),
          story_id: 'l1-my-cat',
          session_id: live.id,
          ended: 'restarted',
          started_at: now(),
          completed_at: null,
          attempts: [],
        })
      ).body,
    ).toMatchObject({ status: 'restarted', duplicate: true });
  });

  it('an end on the device with no attempt and no session of the learner keeps nothing', async () => {
    const before = (await call(server.api('/progress'), { token })).body.totals.sessions;
    const res = await call(server.api('/practice/offline-sessions'), {
      token,
      body: {
        client_id: randomUUID(),
        story_id: 'l1-my-cat',
        session_id: randomUUID(),
        ended: 'stopped',
        started_at: new Date().toISOString(),
        completed_at: null,
        attempts: [],
      },
    });
    expect(res.body).toMatchObject({ duplicate: true, attempts_stored: 0 });
    expect((await call(server.api('/progress'), { token })).body.totals.sessions).toBe(before);
  });
});
