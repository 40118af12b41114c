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
});
