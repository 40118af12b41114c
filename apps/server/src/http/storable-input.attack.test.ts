import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackReports, practiceAttempts, practiceSessions } from '../db/schema';
import { call } from '../test/http';
import { registerLearner, type TestLearner } from '../test/learners';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';

/**
 * The attack review of 2026-11-28: valid-looking input the database could not store answered 500
 * (and a 5xx keeps the device's queue retrying the same upload, so one such record blocked every
 * later one): half a surrogate pair in analytics props (and, silently altered to U+FFFD, in plain
 * text), a confidence of 1e-46 (a `real` underflows), a time in the year 10000 in UTC, a device
 * clock that moved a completion before 1970, and a learner's practice time past 2^31 ms.
 */
describe.each(DB_KINDS)('input the database cannot store as sent (%s)', (kind) => {
  let server: TestServer;
  let learner: TestLearner;
  let storyId: string;
  const api = (p: string) => server.api(p);
  const letter = { sentence_index: 0, word_index: 0, letter_index: 0 };
  let firstLetter = '';
  const upload = (body: Record<string, unknown>) =>
    call(api('/practice/offline-sessions'), { token: learner.access_token, body });
  const attempt = (extra: Record<string, unknown> = {}) => ({
    client_id: randomUUID(),
    ...letter,
    target: firstLetter,
    detected: firstLetter,
    correct: true,
    confidence: 0.9,
    held_ms: 400,
    at: new Date().toISOString(),
    ...extra,
  });
  const expectRefused = (res: { status: number; body: any }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field });
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { RECOGNITION_WORKERS: '0', TRUST_PROXY: 'true' });
    learner = await registerLearner(api, 'st');
    storyId = (await call(api('/stories?level=1'), { token: learner.access_token })).body.stories[0].id;
    const story = (await call(api(`/stories/${storyId}`), { token: learner.access_token })).body.story;
    firstLetter = story.sentences[0].targets[0][0];
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses half a surrogate pair in analytics props, keys and plain text, naming the field', async () => {
    const event = (props: Record<string, unknown>) => ({
      events: [{ client_id: randomUUID(), name: 'page.view', at: new Date().toISOString(), props }],
    });
    // JSON's escapes, as a client sends them: the body parses to a string with a lone surrogate
    const raw = (body: unknown, lone: string) => JSON.stringify(body).replace('LONE', lone);
    const send = (path: string, text: string) =>
      call(api(path), {
        token: learner.access_token,
        raw: text,
        headers: { 'content-type': 'application/json' },
      });
    expectRefused(await send('/analytics/events', raw(event({ a: 'LONE' }), '\\ud800')), 'events.0.props.a');
    expectRefused(await send('/analytics/events', raw(event({ LONE: 1 }), '\\udc00')), 'events.0.props');
    expectRefused(
      await send('/feedback-reports', raw({ target: 'A', detected: 'S', note: 'my A LONE' }, '\\udfff')),
      'note',
    );
    // a whole pair (an emoji) is text like any other
    const ok = await send(
      '/feedback-reports',
      raw({ target: 'A', detected: 'S', note: 'my A LONE' }, '\\ud83e\\udd1f'),
    );
    expect(ok.status).toBe(201);
    const [stored] = await server.database.db
      .select({ note: feedbackReports.note })
      .from(feedbackReports)
      .where(eq(feedbackReports.userId, learner.user_id));
    expect(stored?.note).toBe('my A \u{1F91F}');
  });

  it('stores a confidence too close to 0 for a real as 0', async () => {
    const report = await call(api('/feedback-reports'), {
      token: learner.access_token,
      body: { target: 'A', detected: 'S', confidence: 1e-46 },
    });
    expect(report.status).toBe(201);
    const tiny = attempt({ confidence: 5e-324, correct: false, detected: null });
    const res = await upload({
      client_id: randomUUID(),
      story_id: storyId,
      started_at: new Date().toISOString(),
      completed_at: null,
      attempts: [tiny],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await server.database.db
      .select({ confidence: practiceAttempts.confidence })
      .from(practiceAttempts)
      .where(eq(practiceAttempts.clientId, tiny.client_id));
    expect(row?.confidence).toBe(0);
  });

  it('refuses a time in the year 10000 (UTC) and stores a completion a wrong clock would move before 1970', async () => {
    const late = await call(api('/analytics/events'), {
      token: learner.access_token,
      body: { events: [{ client_id: randomUUID(), name: 'page.view', at: '9999-12-31T23:59:59-23:59' }] },
    });
    expectRefused(late, 'events.0.at');
    const odd = await upload({
      client_id: randomUUID(),
      story_id: storyId,
      started_at: '1970-01-01T00:00:00Z',
      completed_at: '1970-01-01T00:10:00Z',
      sent_at: '9999-12-31T00:00:00Z',
      attempts: [],
    });
    expect(odd.status, JSON.stringify(odd.body)).toBe(201);
  });

  it("answers a learner's progress when their practice time passes 2^31 ms", async () => {
    const other = await registerLearner(api, 'lt');
    for (let i = 0; i < 2; i++) {
      const res = await call(api('/practice/offline-sessions'), {
        token: other.access_token,
        body: {
          client_id: randomUUID(),
          story_id: storyId,
          started_at: new Date().toISOString(),
          completed_at: null,
          attempts: [attempt()],
        },
      });
      expect(res.status).toBe(201);
    }
    // 1.2e9 ms each (the upload caps a session at 4 hours; years of practice add up the same way)
    await server.database.db
      .update(practiceSessions)
      .set({ activeMs: 1_200_000_000 })
      .where(eq(practiceSessions.userId, other.user_id));
    const progress = await call(api('/progress'), { token: other.access_token });
    expect(progress.status, JSON.stringify(progress.body)).toBe(200);
    expect(progress.body.totals.practice_time_ms).toBe(2_400_000_000);
  });

  it('answers an unsupported Content-Encoding 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await call(api('/auth/login'), {
      raw: '{}',
      headers: { 'content-type': 'application/json', 'content-encoding': 'xyz' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    // the names are case-insensitive: a gzip body labelled GZIP is read
    for (const label of ['GZIP', 'Gzip']) {
      const gz = await fetch(api('/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': label },
        body: gzipSync(JSON.stringify({ identifier: 'nobody-here', password: 'not-the-password' })),
      });
      expect(gz.status).toBe(401);
      expect(((await gz.json()) as { error: { code: string } }).error.code).toBe('INVALID_CREDENTIALS');
    }
  });
});
