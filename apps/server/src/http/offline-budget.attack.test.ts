import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { freshIp, registerLearner, type TestLearner } from '../test/learners';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * The attack review of 2026-11-28: five fresh accounts from one address, each sending 60 offline
 * uploads of 500 attempts a minute (within the per-minute write limit), stored 150,000 rows and
 * 200 MB in 70 s, and another learner's sign-in slowed from 71 ms to a second: about 10 GB an
 * hour from one address. The attempts an upload stores now spend an hourly budget per learner and
 * per address; once it is used up, uploads with attempts are refused (429 with Retry-After, which
 * the device's queue keeps for later), replays cost nothing, and other learners are not touched.
 */
describe('the hourly budget of attempts stored from offline uploads', () => {
  let server: TestServer;
  let storyId: string;
  let letters: { sentence_index: number; word_index: number; letter_index: number; target: string }[];
  const api = (p: string) => server.api(p);
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      RECOGNITION_WORKERS: '0',
      TRUST_PROXY: 'true',
      OFFLINE_ATTEMPTS_PER_HOUR: '100',
      OFFLINE_ATTEMPTS_PER_HOUR_PER_ADDRESS: '250',
      RATE_LIMIT_WRITES_PER_MIN: '1000',
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
    const refused = await send(ada, uploadOf(5), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('WRITE_RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
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
});
