import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { REPORT_MAX_FRAMES, REPORT_MOVEMENT_MS } from '@asl/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackReports } from '../db/schema';
import { call } from '../test/http';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * Issue 14 item 12: a feedback report naming another learner's practice session is refused and not
 * stored; and a report's movement (the hands before the reading) is bounded.
 */
describe('feedback reports name only the sender’s own practice sessions', () => {
  let server: TestServer;
  let storyId: string;
  let target: string;
  let n = 0;
  const learner = async () => {
    const id = `${Date.now().toString(36)}${n++}`;
    const res = await call(server.api('/auth/register'), {
      body: { username: `fb_${id}`, email: `fb.${id}@example.org`, password: 'signing-is-fun' },
      headers: { 'x-forwarded-for': `10.8.0.${n}` },
    });
    expect(res.status).toBe(201);
    return res.body.access_token as string;
  };
  /** A practice session of the learner, through the offline upload (no camera needed). */
  const practiceSession = async (token: string): Promise<string> => {
    const res = await call(server.api('/practice/offline-sessions'), {
      token,
      body: {
        client_id: randomUUID(),
        story_id: storyId,
        started_at: new Date().toISOString(),
        completed_at: null,
        attempts: [],
      },
    });
    expect(res.status).toBe(201);
    return res.body.session_id;
  };
  const report = (token: string, sessionId: string) => {
    const clientId = randomUUID();
    return {
      clientId,
      send: () =>
        call(server.api('/feedback-reports'), {
          token,
          body: { client_id: clientId, session_id: sessionId, target, detected: 'B', confidence: 0.4 },
        }),
    };
  };
  const stored = async (clientId: string) =>
    (await server.database.db.select().from(feedbackReports).where(eq(feedbackReports.clientId, clientId))).length;

  beforeAll(async () => {
    server = await startTestServer('pglite', { RECOGNITION_WORKERS: '0', TRUST_PROXY: 'true' });
    const token = await learner();
    storyId = (await call(server.api('/stories?level=1'), { token })).body.stories[0].id;
    const story = (await call(server.api(`/stories/${storyId}`), { token })).body.story;
    target = story.sentences[0].targets[0][0];
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses another learner’s session with a coded 404 and stores nothing', async () => {
    const victim = await learner();
    const attacker = await learner();
    const victimSession = await practiceSession(victim);
    const r = report(attacker, victimSession);
    const res = await r.send();
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'SESSION_NOT_FOUND', field: 'session_id' });
    expect(await stored(r.clientId)).toBe(0);
  });

  it('refuses a session id that does not exist, the same way', async () => {
    const r = report(await learner(), randomUUID());
    const res = await r.send();
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'SESSION_NOT_FOUND', field: 'session_id' });
    expect(await stored(r.clientId)).toBe(0);
  });

  it('stores a report on the learner’s own session, once', async () => {
    const token = await learner();
    const r = report(token, await practiceSession(token));
    const first = await r.send();
    expect(first.status).toBe(201);
    const again = await r.send();
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: first.body.id, duplicate: true, withdrawn: false });
    expect(await stored(r.clientId)).toBe(1);
  });

  it('refuses a movement too long, too late, malformed or too large with a coded error, and stores nothing', async () => {
    const token = await learner();
    const hand = Array.from({ length: 21 }, (_, i) => [i, i, 0]);
    const frame = { t: 0, landmarks: hand };
    const send = async (frames: unknown) => {
      const clientId = randomUUID();
      const res = await call(server.api('/feedback-reports'), {
        token,
        body: { client_id: clientId, target, detected: 'B', landmarks: hand, frames },
      });
      return { res, clientId };
    };
    for (const frames of [
      Array.from({ length: REPORT_MAX_FRAMES + 1 }, () => frame), // more than 2.5 s at 30 fps
      [frame, { t: REPORT_MOVEMENT_MS + 1, landmarks: hand }], // later than the window
      [{ t: 0, landmarks: hand.slice(1) }], // 20 points
      [{ t: 0, landmarks: hand.map(() => ['x', 'y', 'z']) }], // not numbers
      'frames', // not a list
    ]) {
      const { res, clientId } = await send(frames);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: expect.stringMatching(/^frames/) });
      expect(await stored(clientId)).toBe(0);
    }
    // a body past the server's limit: refused before it is parsed
    const huge = Array.from({ length: REPORT_MAX_FRAMES }, (_, t) => ({
      t,
      landmarks: hand.map(() => [123456.789012, 123456.789012, -123456.789012]),
    }));
    const { res, clientId } = await send(huge);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await stored(clientId)).toBe(0);
  });
});
