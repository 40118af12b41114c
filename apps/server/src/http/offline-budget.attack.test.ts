import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { freshIp, registerLearner, type TestLearner } from '../test/learners';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';

/**
 * The attack review of 2026-11-28: five fresh accounts from one address, each sending 60 offline
 * uploads of 500 attempts a minute (within the per-minute write limit), stored 150,000 rows and
 * 200 MB in 70 s, and another learner's sign-in slowed from 71 ms to a second: about 10 GB an
 * hour from one address. The attempts an upload stores now spend an hourly budget per learner and
 * per address, reserved before the upload is stored (so uploads sent at once do not all pass: on
 * PostgreSQL 55 at once stored 27,500 against 3,600 when the budget was only checked first); once
 * it is used up, uploads with new attempts are refused (429 with Retry-After, which the device's
 * queue keeps for later), replays and completions of what is stored go through and cost nothing,
 * and other learners are not touched. Analytics events and feedback reports have budgets too.
 */
describe.each(DB_KINDS)('the hourly budgets of rows stored (%s)', (kind) => {
  let server: TestServer;
  let storyId: string;
  let letters: { sentence_index: number; word_index: number; letter_index: number; target: string }[];
  const api = (p: string) => server.api(p);
  beforeAll(async () => {
    server = await startTestServer(kind, {
      RECOGNITION_WORKERS: '0',
      TRUST_PROXY: 'true',
      OFFLINE_ATTEMPTS_PER_HOUR: '100',
      OFFLINE_ATTEMPTS_PER_HOUR_PER_ADDRESS: '250',
      RATE_LIMIT_WRITES_PER_MIN: '1000',
      RATE_LIMIT_ANALYTICS_PER_MIN: '1000',
      ANALYTICS_EVENTS_PER_HOUR: '120',
      FEEDBACK_REPORTS_PER_HOUR: '3',
      ANALYTICS_EVENTS_PER_HOUR_PER_ADDRESS: '200',
      FEEDBACK_REPORTS_PER_HOUR_PER_ADDRESS: '5',
    });
    const learner = await registerLearner(api, 'bg');
    storyId = (await call(api('/stories?level=1'), { token: learner.access_token })).body.stories[0].id;
    const story = (await call(api(`/stories/${storyId}`), { token: learner.access_token })).body.story as {
      sentences: { targets: string[] }[];
    };
    letters = story.sentences.flatMap((s, sentence_index) =>
      s.targets.flatMap((w, word_index) =>
        [...w].map((target, letter_index) => ({ sentence_index, word_index, letter_index, target })),
      ),
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** An upload of `n` wrong attempts over the story's letters (as many as a learner may make). */
  const uploadOf = (n: number) => ({
    client_id: randomUUID(),
    story_id: storyId,
    started_at: new Date().toISOString(),
    completed_at: null,
    attempts: Array.from({ length: n }, (_, i) => ({
      client_id: randomUUID(),
      ...letters[i % letters.length]!,
      detected: 'X',
      correct: false,
      confidence: 0.5,
      held_ms: 400,
      at: new Date().toISOString(),
    })),
  });
  const send = (learner: TestLearner, body: unknown, ip: string) =>
    call(api('/practice/offline-sessions'), { token: learner.access_token, body, headers: { 'x-forwarded-for': ip } });

  it("stores up to a learner's budget, then refuses uploads with attempts; replays cost nothing", async () => {
    const ada = await registerLearner(api, 'ada');
    const ip = freshIp();
    const first = uploadOf(60);
    expect((await send(ada, first, ip)).status).toBe(201);
    // the same upload again (the device's queue replays): stored once, nothing spent
    expect((await send(ada, first, ip)).body).toMatchObject({ duplicate: true, attempts_stored: 0 });
    expect((await send(ada, uploadOf(30), ip)).status).toBe(201);
    expect((await send(ada, uploadOf(30), ip)).status).toBe(201); // 120 stored: over by one upload at most
    const later = uploadOf(5);
    const refused = await send(ada, later, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('WRITE_RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // with the budget used up, a replay, and the completion of attempts stored, still land
    expect((await send(ada, first, ip)).body).toMatchObject({ duplicate: true, attempts_stored: 0 });
    const completed = await send(ada, { ...first, completed_at: new Date().toISOString() }, ip);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ status: 'ended_early', attempts_stored: 0 });
    // an end with no attempt still lands (it ends a session, adds no rows)
    const end = await send(ada, { ...uploadOf(0), session_id: randomUUID(), ended: 'stopped' }, ip);
    expect(end.status).toBeLessThan(300);
    // another learner from elsewhere practises as before
    const bea = await registerLearner(api, 'bea');
    expect((await send(bea, uploadOf(60), freshIp())).status).toBe(201);
  });

  it("stores up to an address's budget across its learners", async () => {
    const ip = freshIp();
    const learners = await Promise.all([1, 2, 3, 4].map(() => registerLearner(api, 'cls')));
    const answers: number[] = [];
    for (const learner of learners) answers.push((await send(learner, uploadOf(90), ip)).status);
    // 90 + 90 + 90 = 270 reaches the address's 250: the fourth learner waits
    expect(answers).toEqual([201, 201, 201, 429]);
    expect((await send(learners[3]!, uploadOf(90), freshIp())).status).toBe(201);
  });

  it('uploads sent at once pass the budget by one upload at most', async () => {
    const cy = await registerLearner(api, 'cy');
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(cy, uploadOf(30), ip)));
    const stored = answers.reduce((n, a) => n + (a.body.attempts_stored ?? 0), 0);
    expect(answers.every((a) => a.status === 201 || a.status === 429)).toBe(true);
    expect(stored).toBeGreaterThanOrEqual(100);
    expect(stored).toBeLessThan(100 + 30);
  });

  it('ten copies of one upload of a session begun on the device, sent at once, make one session', async () => {
    const di = await registerLearner(api, 'di');
    const body = uploadOf(3);
    const own = { ...body, session_id: body.client_id };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(di, own, freshIp())));
    expect(new Set(answers.map((a) => a.body.session_id))).toEqual(new Set([body.client_id]));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const progress = await call(api('/progress'), { token: di.access_token });
    expect(
      progress.body.recent_sessions.map((r: { session_id: string; status: string }) => [r.session_id, r.status]),
    ).toEqual([[body.client_id, 'active']]);
  });

  it('keeps analytics events and feedback reports to their hourly budgets; replays go through', async () => {
    const ed = await registerLearner(api, 'ed');
    const batch = () => ({
      events: Array.from({ length: 50 }, () => ({
        client_id: randomUUID(),
        name: 'page.view',
        at: new Date().toISOString(),
      })),
    });
    const events = (body: unknown) => call(api('/analytics/events'), { token: ed.access_token, body });
    const first = batch();
    const statuses = [];
    for (const b of [first, batch(), batch(), batch()]) statuses.push((await events(b)).status);
    expect(statuses).toEqual([201, 201, 201, 429]); // 150 stored of 120: one batch over at most
    expect((await events(first)).status).toBe(200); // a replay of a stored batch
    const report = (client_id: string) =>
      call(api('/feedback-reports'), { token: ed.access_token, body: { client_id, target: 'A', detected: 'S' } });
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const answers = [];
    for (const id of ids) answers.push((await report(id)).status);
    expect(answers).toEqual([201, 201, 201, 429]);
    expect((await report(ids[0]!)).status).toBe(200); // a replay
  });

  // The attack review of 2026-11-28 (second): ten fresh accounts from one address stored 600
  // reports of 65 KB in 20 s (40-60 MB), under the per-learner budgets alone.
  it("keeps analytics events and feedback reports to an address's budget across fresh accounts", async () => {
    const ip = freshIp();
    const learners = await Promise.all([1, 2, 3].map(() => registerLearner(api, 'fr')));
    const as = (learner: TestLearner, path: string, body: unknown) =>
      call(api(path), { token: learner.access_token, body, headers: { 'x-forwarded-for': ip } });
    const reports: number[] = [];
    for (const learner of learners)
      for (let i = 0; i < 2; i++)
        reports.push(
          (await as(learner, '/feedback-reports', { client_id: randomUUID(), target: 'A', detected: 'S' })).status,
        );
    // 2 + 2 within the address's 5, the fifth and sixth over it (each learner within their own 3)
    expect(reports).toEqual([201, 201, 201, 201, 201, 429]);
    const batch = () => ({
      events: Array.from({ length: 50 }, () => ({
        client_id: randomUUID(),
        name: 'page.view',
        at: new Date().toISOString(),
      })),
    });
    const events: number[] = [];
    for (const learner of learners)
      for (let i = 0; i < 2; i++) events.push((await as(learner, '/analytics/events', batch())).status);
    // 200 events from the address: the fifth batch on is refused, whoever sends it
    expect(events).toEqual([201, 201, 201, 201, 429, 429]);
    // the same learners from another address are not held back by this one's budget
    const elsewhere = await call(api('/feedback-reports'), {
      token: learners[2]!.access_token,
      body: { client_id: randomUUID(), target: 'A', detected: 'S' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(elsewhere.status).toBe(201);
  });
});
