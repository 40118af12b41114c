import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoFrame } from '../test/frames';
import { call } from '../test/http';
import { LETTER_PHOTOS } from '../test/letter-photos';
import { LiveTestClient } from '../test/live-client';
import { startTestServer, type TestServer } from '../test/test-server';

describe('signing a story with real photos through the real recogniser', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const res = await call(server.api('/auth/register'), {
      body: { username: `signer_${Date.now()}`, email: `signer${Date.now()}@example.org`, password: 'signing-is-fun' },
    });
    token = res.body.access_token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Sends a photo as a steady stream of frames (one in flight at a time) until feedback comes. */
  async function holdUntilFeedback(c: LiveTestClient, letter: string, frameNo: { n: number }, maxFrames = 60) {
    const frame = await photoFrame(LETTER_PHOTOS[letter]!);
    const before = c.received.filter((m) => m.type === 'asl_feedback').length;
    for (let i = 0; i < maxFrames; i++) {
      const n = ++frameNo.n;
      c.send({ type: 'raw_frame', frame_data: frame, metadata: { frame_number: n, width: 320, height: 240 } });
      await c.next((m) => m.type === 'processed_frame' && m.metadata.frame_number === n, 60_000);
      const feedback = c.received.filter((m) => m.type === 'asl_feedback');
      if (feedback.length > before) return feedback[feedback.length - 1];
    }
    throw new Error(`no feedback for ${letter} after ${maxFrames} frames`);
  }

  it('advances letter by letter on correct held handshapes, explains a wrong one, and saves it all', async () => {
    const c = await LiveTestClient.connect(server.wsUrl(token));
    c.send({ type: 'control', action: 'start_session', data: { story_id: 'l1-my-cat' } });
    const started = await c.next((m) => m.type === 'practice_session_response');
    expect(started.data.target).toMatchObject({ word: 'CAT', letter: 'C' });
    const frameNo = { n: 0 };

    // A wrong handshape first: feedback says so, with a hint, and the target stays.
    const wrong = await holdUntilFeedback(c, 'Y', frameNo);
    expect(wrong.data).toMatchObject({ target: 'C', correct: false });
    expect(wrong.data.detected).not.toBe('C');
    expect(wrong.data.hint.length).toBeGreaterThan(5);
    expect(wrong.data.state.target.letter).toBe('C');

    for (const letter of ['C', 'A', 'T']) {
      const fb = await holdUntilFeedback(c, letter, frameNo);
      expect(fb.data).toMatchObject({ target: letter, detected: letter, correct: true });
      expect(fb.data.held_ms).toBeGreaterThanOrEqual(300);
      expect(fb.data.confidence).toBeGreaterThan(0.5);
    }
    const last = c.received.filter((m) => m.type === 'asl_feedback').at(-1);
    expect(last.data.state).toMatchObject({ letters_done: 3, sentence_index: 1 });

    c.send({ type: 'control', action: 'complete_story', data: {} });
    const done = await c.next((m) => m.type === 'session_complete');
    expect(done.data).toMatchObject({ letters_attempted: 4, letters_correct: 3, overall_score: 75 });
    expect(done.data.accuracy_by_letter).toMatchObject({ C: 0.5, A: 1, T: 1 });
    c.close();

    const progress = await call(server.api('/progress'), { token });
    const byLetter = Object.fromEntries(progress.body.accuracy_by_letter.map((r: { letter: string }) => [r.letter, r]));
    expect(byLetter.C).toMatchObject({ attempts: 2, correct: 1 });
    expect(byLetter.T).toMatchObject({ attempts: 1, correct: 1 });
    expect(progress.body.totals).toMatchObject({ attempts: 4, correct: 3 });
    expect(progress.body.streak_days).toBe(1);
  });
});
