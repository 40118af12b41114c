import { randomUUID } from 'node:crypto';
import { OFFLINE_LIMITS } from '@asl/protocol';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, feedbackReports, practiceAttempts, practiceSessions } from '../db/schema';
import { streakFromDays } from '../practice/progress';
import { call } from '../test/http';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';

interface Letter {
  sentence_index: number;
  word_index: number;
  letter_index: number;
  target: string;
}

describe.each(DB_KINDS)('offline practice uploads and analytics (%s)', (kind) => {
  let server: TestServer;
  let n = 0;
  let storyId: string;
  let letters: Letter[];
  const newLearner = async () => {
    const id = `${Date.now().toString(36)}${n++}`;
    const res = await call(server.api('/auth/register'), {
      body: { username: `off_${id}`, email: `off${id}@example.org`, password: 'signing-is-fun' },
    });
    return { token: res.body.access_token as string, userId: res.body.user.id as string };
  };
  const attempt = (l: Letter, correct = true, at = new Date().toISOString()) => ({
    client_id: randomUUID(),
    ...l,
    detected: correct ? l.target : 'X',
    correct,
    confidence: 0.9,
    held_ms: 400,
    at,
  });
  /** an unfinished upload of the story's first two letters, each right */
  const firstTwoLetters = () => ({
    client_id: randomUUID(),
    story_id: storyId,
    started_at: new Date().toISOString(),
    completed_at: null,
    attempts: letters.slice(0, 2).map((l) => attempt(l)),
  });
  const upload = (token: string, body: unknown) => call(server.api('/practice/offline-sessions'), { token, body });

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_REGISTER_PER_MIN: '1000' });
    const { token } = await newLearner();
    storyId = (await call(server.api('/stories?level=1'), { token })).body.stories[0].id;
    const story = (await call(server.api(`/stories/${storyId}`), { token })).body.story as {
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

  it('after a level-1 story finished with every letter right first time, the next story is of level 2', async () => {
    const { token } = await newLearner();
    const body = {
      client_id: randomUUID(),
      story_id: storyId,
      started_at: new Date(Date.now() - 60_000).toISOString(),
      completed_at: new Date().toISOString(),
      attempts: letters.map((l) => attempt(l)),
    };
    expect((await upload(token, body)).status).toBe(201);
    const progress = (await call(server.api('/progress'), { token })).body;
    expect(progress.recent_sessions[0]).toMatchObject({ status: 'completed', overall_score: 100 });
    // the result said "Try a story at the next level": before, the next story was of level 1 again
    const next = (await call(server.api(`/stories/${progress.next_story_id}`), { token })).body.story;
    expect(next.level).toBe(2);
  });

  it('stores an offline session once, replays as a duplicate, and shows it in progress like an online one', async () => {
    const { token } = await newLearner();
    const started = new Date(Date.now() - 60_000).toISOString();
    const attempts = [attempt(letters[0]!, false), ...letters.map((l) => attempt(l))];
    const body = {
      client_id: randomUUID(),
      story_id: storyId,
      started_at: started,
      completed_at: new Date().toISOString(),
      attempts,
    };
    expect((await call(server.api('/practice/offline-sessions'), { body })).status).toBe(401);
    const first = await upload(token, body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'completed', duplicate: false, attempts_stored: attempts.length });
    // The same body again (a double sync, or a replay after a crash) stores nothing new.
    const again = await upload(token, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      session_id: first.body.session_id,
      status: 'completed',
      duplicate: true,
      attempts_stored: 0,
      attempts_skipped: attempts.length,
    });
    const progress = (await call(server.api('/progress'), { token })).body;
    // letters, not raw attempts: the wrong first tries make those letters not right first time
    expect(progress.totals).toMatchObject({
      sessions: 1,
      completed_sessions: 1,
      letters_attempted: letters.length,
      letters_first_try: letters.length - 1,
    });
    expect(progress.totals.practice_time_ms).toBeGreaterThanOrEqual(59_000);
    expect(progress.streak_days).toBe(1);
    // a weak letter: the dashboard's button opens its drill, a result's "next story" a library story
    expect(progress.weakest_letters).toEqual([letters[0]!.target]);
    expect(progress.suggested_story_id).toMatch(/^drill-/);
    expect(progress.next_story_id).toEqual(expect.any(String));
    expect(progress.next_story_id).not.toMatch(/^drill-/);
    expect(progress.next_story_id).not.toBe(storyId); // not the story just practised
    expect(progress.recent_sessions[0]).toMatchObject({
      session_id: first.body.session_id,
      story_id: storyId,
      status: 'completed',
      attempts: attempts.length,
      letters_done: letters.length,
      letters_total: letters.length,
      counting: 'letters',
      overall_score: Math.round((progress.totals.letters_first_try / letters.length) * 100),
    });
  });

  it('leaves out a wrong reading the learner reported, whether the report came with the upload or before it', async () => {
    const report = (token: string, a: ReturnType<typeof attempt>, session?: string) =>
      call(server.api('/feedback-reports'), {
        token,
        body: {
          client_id: randomUUID(),
          ...(session ? { session_id: session } : {}),
          target: a.target,
          detected: a.detected,
          attempt_id: a.client_id,
        },
      });
    const { token } = await newLearner();
    const [l0, l1, l2] = letters as [Letter, Letter, Letter];
    // marked on the device before the upload; and reported while the upload still waited in the outbox
    const marked = { ...attempt(l0, false), withdrawn: true };
    const reportedFirst = attempt(l1, false);
    const kept = attempt(l2, false);
    const early = await report(token, reportedFirst);
    expect(early.status).toBe(201);
    expect(early.body.withdrawn).toBe(false); // nothing of that id is stored yet
    const body = {
      client_id: randomUUID(),
      story_id: storyId,
      started_at: new Date(Date.now() - 60_000).toISOString(),
      completed_at: new Date().toISOString(),
      attempts: [marked, attempt(l0), reportedFirst, attempt(l1), kept, ...letters.slice(2).map((l) => attempt(l))],
    };
    const stored = await upload(token, body);
    expect(stored.status).toBe(201);
    // the report sent first, with no session (there was none yet), is linked to the practice now
    const [linked] = await server.database.db
      .select({ sessionId: feedbackReports.sessionId })
      .from(feedbackReports)
      .where(eq(feedbackReports.attemptId, reportedFirst.client_id));
    expect(linked?.sessionId).toBe(stored.body.session_id);
    const progress = (await call(server.api('/progress'), { token })).body;
    // only the wrong try nobody reported counts against the learner
    expect(progress.totals).toMatchObject({ letters_attempted: letters.length, letters_first_try: letters.length - 1 });
    expect(progress.weakest_letters).toEqual([l2.target]);
    expect(progress.recent_sessions[0]).toMatchObject({
      attempts: letters.length + 1,
      overall_score: Math.round(((letters.length - 1) / letters.length) * 100),
    });
    // reported after the upload, naming the device's session (its client_id): found, withdrawn,
    // and the finished session scored again
    const late = await report(token, kept, body.client_id);
    expect(late.status).toBe(201);
    expect(late.body.withdrawn).toBe(true);
    const after = (await call(server.api('/progress'), { token })).body;
    expect(after.totals.letters_first_try).toBe(letters.length);
    expect(after.recent_sessions[0]).toMatchObject({ attempts: letters.length, overall_score: 100 });
    // another learner cannot withdraw it, nor anyone a right one
    const other = await newLearner();
    expect((await report(other.token, marked)).body.withdrawn).toBe(false);
    expect((await report(token, body.attempts[1]!)).body.withdrawn).toBe(false);
  });

  it("counts practice time as live practice does: the device's figure, or the attempts' gaps each up to a minute", async () => {
    const { token } = await newLearner();
    const t0 = Date.now() - 3_600_000;
    const at = (s: number) => new Date(t0 + s * 1000).toISOString();
    // three letters, a twenty-minute break, then the fourth
    const attempts = letters.slice(0, 4).map((l, i) => attempt(l, true, at([5, 10, 15, 1_215][i]!)));
    const body = { client_id: randomUUID(), story_id: storyId, started_at: at(0), completed_at: null, attempts };
    expect((await upload(token, body)).status).toBe(201);
    const time = async () => (await call(server.api('/progress'), { token })).body.totals.practice_time_ms as number;
    expect(await time()).toBe(15_000 + 60_000);
    // a session that says its own practice time (offline practice on the device) is taken at its word
    const own = {
      ...body,
      client_id: randomUUID(),
      active_ms: 42_000,
      attempts: attempts.map((a) => ({ ...a, client_id: randomUUID() })),
    };
    expect((await upload(token, own)).status).toBe(201);
    expect(await time()).toBe(15_000 + 60_000 + 42_000);
  });

  it('credits no more practice time than the log spans, and keeps each attempt within its session', async () => {
    const { token, userId } = await newLearner();
    const time = async () => (await call(server.api('/progress'), { token })).body.totals.practice_time_ms as number;
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    // a 3-second session that says it took 24 hours: 3 seconds of practice
    const brief = {
      client_id: randomUUID(),
      story_id: storyId,
      started_at: ago(3_000),
      completed_at: ago(0),
      active_ms: 24 * 3_600_000,
      attempts: [attempt(letters[0]!, true, ago(1_000))],
    };
    expect((await upload(token, brief)).status).toBe(201);
    expect(await time()).toBeGreaterThanOrEqual(2_900);
    expect(await time()).toBeLessThanOrEqual(3_100);
    // one session's attempts dated a day apart over two weeks, the log saying it ended four days in:
    // each attempt is kept within the log's own start and end (no streak of days it does not span)
    const day = 86_400_000;
    const fortnight = {
      client_id: randomUUID(),
      story_id: storyId,
      started_at: ago(14 * day),
      completed_at: ago(10 * day),
      attempts: letters.slice(0, 6).map((l, i) => attempt(l, true, ago((14 - i) * day))),
    };
    expect((await upload(token, fortnight)).status).toBe(201);
    // a clock set back mid-practice (attempts before the start), and an end before the start: stored,
    // nothing of the practice lost
    const setBack = { ...brief, client_id: randomUUID(), attempts: [attempt(letters[0]!, true, ago(30 * day))] };
    expect((await upload(token, setBack)).status).toBe(201);
    const ended = {
      ...brief,
      client_id: randomUUID(),
      completed_at: ago(600_000),
      attempts: [attempt(letters[0]!, true, ago(1_000))],
    };
    expect((await upload(token, ended)).status).toBe(201);
    const stored = await server.database.db
      .select({ at: practiceAttempts.createdAt })
      .from(practiceAttempts)
      .where(eq(practiceAttempts.userId, userId));
    const days = new Set(stored.map((r) => r.at.toISOString().slice(0, 10)));
    // the fortnight's attempts fall within its 4 days (5 calendar days at most); every other attempt today
    expect(stored).toHaveLength(9);
    expect(days.size).toBeLessThanOrEqual(6);
    expect([...days].every((d) => Date.now() - Date.parse(d) < 15 * day)).toBe(true);
    expect(stored.filter((r) => r.at.getTime() < Date.now() - 11.5 * day)).toHaveLength(3); // 14, 13 and 12 days ago
    const p = (await call(server.api('/progress'), { token })).body;
    expect(p).toMatchObject({ streak_days: 1, totals: { sessions: 4 } });
  });

  it("puts a device's wrong clock right: its times move by the clock's error, and none is after the upload", async () => {
    const day = 86_400_000;
    const session = (offMs: number, sent = true) => {
      const device = (ago: number) => new Date(Date.now() + offMs - ago).toISOString();
      return {
        client_id: randomUUID(),
        story_id: storyId,
        started_at: device(60_000),
        completed_at: null,
        attempts: letters.slice(0, 2).map((l, i) => attempt(l, true, device(40_000 - i * 20_000))),
        ...(sent ? { sent_at: device(0) } : {}),
      };
    };
    const practised = async (token: string) => {
      const p = (await call(server.api('/progress'), { token })).body;
      return { streak: p.streak_days as number, started: Date.parse(p.recent_sessions[0].started_at) };
    };
    // a device three days ahead, and one five days behind: practised today, a streak of one day
    for (const off of [3 * day, -5 * day]) {
      const { token } = await newLearner();
      expect((await upload(token, session(off))).status).toBe(201);
      const { streak, started } = await practised(token);
      expect(streak).toBe(1);
      expect(Math.abs(started - (Date.now() - 60_000))).toBeLessThan(30_000);
    }
    // an older client that does not say its clock: a time after the upload is the upload's
    const { token } = await newLearner();
    expect((await upload(token, session(4 * 365 * day, false))).status).toBe(201);
    const { streak, started } = await practised(token);
    expect(streak).toBe(1);
    expect(started).toBeLessThanOrEqual(Date.now());
    // a clock a few seconds off is left alone (the session's own times are kept)
    const near = await newLearner();
    const body = session(5_000);
    expect((await upload(near.token, body)).status).toBe(201);
    expect((await practised(near.token)).started).toBe(Date.parse(body.started_at));
  });

  it("counts the streak in the learner's own days (the tz the app sends), and refuses an unknown time zone", async () => {
    const { token } = await newLearner();
    const now = Date.now();
    // exactly six hours apart: in exactly one of four zones six hours apart the later is before 06:00, so two days
    const times = [now - 6 * 3_600_000, now];
    const body = {
      client_id: randomUUID(),
      story_id: storyId,
      started_at: new Date(times[0]! - 1_000).toISOString(),
      completed_at: null,
      attempts: letters.slice(0, 2).map((l, i) => attempt(l, true, new Date(times[i]!).toISOString())),
    };
    expect((await upload(token, body)).status).toBe(201);
    const streaks: number[] = [];
    // four fixed-offset zones six hours apart (Etc/GMT+6 is UTC-6): in one of them the two attempts fall on two days
    for (const [tz, hours] of [
      ['Etc/GMT+12', -12],
      ['Etc/GMT+6', -6],
      ['UTC', 0],
      ['Etc/GMT-6', 6],
    ] as const) {
      const local = (ms: number) => new Date(ms + hours * 3_600_000).toISOString().slice(0, 10);
      const expected = streakFromDays(times.map(local), local(Date.now()));
      const res = await call(server.api(`/progress?tz=${encodeURIComponent(tz)}`), { token });
      expect(res.status).toBe(200);
      expect(res.body.streak_days, tz).toBe(expected);
      streaks.push(res.body.streak_days);
    }
    expect(new Set(streaks).size).toBe(2); // the zones disagree: the server counted each one's days
    const bad = await call(server.api('/progress?tz=Mars/Olympus_Mons'), { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'tz' });
  });

  it("a story begun online and continued offline is one session, finished by the device's upload", async () => {
    const { token } = await newLearner();
    const other = await newLearner();
    const half = Math.ceil(letters.length / 2);
    const t0 = Date.now() - 600_000;
    const at = (i: number) => new Date(t0 + i * 5_000).toISOString();
    // the first half stands in for the live part: a session of the learner's with those attempts
    const first = await upload(token, {
      client_id: randomUUID(),
      story_id: storyId,
      started_at: at(0),
      completed_at: null,
      attempts: letters.slice(0, half).map((l, i) => attempt(l, true, at(i + 1))),
    });
    expect(first.status).toBe(201);
    const sessionId = first.body.session_id as string;
    // the rest practised on the device, continuing that session, and finished there
    const rest = letters.slice(half).map((l, i) => attempt(l, true, at(half + i + 1)));
    const body = {
      client_id: randomUUID(),
      story_id: storyId,
      session_id: sessionId,
      started_at: at(half),
      completed_at: at(letters.length + 1),
      attempts: rest,
    };
    // another learner naming that session gets a session of their own, and touches nothing of it
    const stranger = await upload(other.token, {
      ...body,
      attempts: rest.map((a) => ({ ...a, client_id: randomUUID() })),
    });
    expect(stranger.status).toBe(201);
    expect(stranger.body.session_id).not.toBe(sessionId);
    const done = await upload(token, body);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ session_id: sessionId, status: 'completed', attempts_stored: rest.length });
    const progress = (await call(server.api('/progress'), { token })).body;
    expect(progress.totals).toMatchObject({ sessions: 1, completed_sessions: 1, letters_first_try: letters.length });
    expect(progress.recent_sessions).toHaveLength(1);
    expect(progress.recent_sessions[0]).toMatchObject({
      session_id: sessionId,
      status: 'completed',
      letters_done: letters.length,
      attempts: letters.length,
      overall_score: 100,
    });
    // a replay stores nothing
    expect((await upload(token, body)).body).toMatchObject({ duplicate: true, attempts_stored: 0 });
  });

  // The attack review of 2026-11-28: a session ended with its result (the learner saw 100%) took new
  // attempts from a later upload, and its stored score dropped to 50.
  it('keeps the result of a session that ended: attempts made after its end are skipped, earlier ones land', async () => {
    const { token } = await newLearner();
    const t0 = Date.now() - 600_000;
    const at = (s: number) => new Date(t0 + s * 1000).toISOString();
    const id = randomUUID();
    const piece = (attempts: ReturnType<typeof attempt>[], completed_at: string | null) => ({
      client_id: id,
      session_id: id,
      story_id: storyId,
      started_at: at(0),
      completed_at,
      attempts,
    });
    // begun on the device (two letters), then ended early there
    const begun = await upload(
      token,
      piece([attempt(letters[0]!, true, at(5)), attempt(letters[1]!, true, at(10))], null),
    );
    expect(begun.body).toMatchObject({ session_id: id, attempts_stored: 2 });
    const ended = await upload(token, piece([], at(30)));
    expect(ended.body).toMatchObject({ session_id: id, status: 'ended_early' });
    // after the end: a wrong try dated now, with the session not completed in the upload
    const late = await upload(token, piece([attempt(letters[2]!, false)], null));
    expect(late.body).toMatchObject({ attempts_stored: 0, attempts_skipped: 1 });
    // a late piece of the device's log, made before the end, still lands
    const early = await upload(token, piece([attempt(letters[2]!, true, at(20))], null));
    expect(early.body).toMatchObject({ attempts_stored: 1 });
    const progress = (await call(server.api('/progress'), { token })).body;
    expect(progress.recent_sessions[0]).toMatchObject({
      session_id: id,
      status: 'ended_early',
      attempts: 3,
      overall_score: 100,
    });
  });

  it('merges a session that arrives in pieces and skips attempts it already has', async () => {
    const { token } = await newLearner();
    const all = letters.slice(0, 3).map((l) => attempt(l));
    const base = { client_id: randomUUID(), story_id: storyId, started_at: new Date().toISOString() };
    const p1 = await upload(token, { ...base, completed_at: null, attempts: all.slice(0, 2) });
    expect(p1.status).toBe(201);
    expect(p1.body).toMatchObject({ status: 'stopped', attempts_stored: 2 });
    // The second piece repeats attempt 2 (the queue did not hear the first answer) and adds attempt 3.
    const p2 = await upload(token, { ...base, completed_at: null, attempts: all.slice(1, 3) });
    expect(p2.status).toBe(200);
    expect(p2.body).toMatchObject({ session_id: p1.body.session_id, duplicate: false, attempts_stored: 1 });
    expect(p2.body.attempts_skipped).toBe(1);
    const p3 = await upload(token, { ...base, completed_at: new Date().toISOString(), attempts: [] });
    // ended on the device with letters left: ended early, not completed
    expect(p3.body).toMatchObject({ status: 'ended_early', duplicate: false, attempts_stored: 0 });
    const progress = (await call(server.api('/progress'), { token })).body;
    expect(progress.totals).toMatchObject({
      sessions: 1,
      completed_sessions: 0,
      letters_attempted: 3,
      letters_first_try: 3,
    });
    expect(progress.recent_sessions[0].attempts).toBe(3);
  });

  it('runs two copies of the same upload at once without duplicating anything', async () => {
    const { token } = await newLearner();
    const body = firstTwoLetters();
    const [a, b] = await Promise.all([upload(token, body), upload(token, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.session_id).toBe(b.body.session_id);
    const progress = (await call(server.api('/progress'), { token })).body;
    expect(progress.totals).toMatchObject({ sessions: 1, letters_attempted: 2 });
  });

  it('stores nothing of an upload that fails part way, so its retry is the first upload (201)', async () => {
    const { token, userId } = await newLearner();
    // A fault in the attempts insert, after the session row is in: a trigger refuses this learner's attempts.
    const db = server.database.db;
    await db.execute(
      sql.raw(`create function fail_attempts() returns trigger language plpgsql as $$
        begin raise exception 'injected fault'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger fail_attempts before insert on practice_attempts for each row
        when (new.user_id = '${userId}') execute function fail_attempts()`),
    );
    const body = firstTwoLetters();
    try {
      const failed = await upload(token, body);
      expect(failed.status).toBe(500);
      expect(failed.body.error.code).toBe('INTERNAL_ERROR');
      const sessions = await db.select().from(practiceSessions).where(eq(practiceSessions.userId, userId));
      expect(sessions).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger fail_attempts on practice_attempts'));
      await db.execute(sql.raw(`drop function fail_attempts()`));
    }
    const retry = await upload(token, body);
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ duplicate: false, attempts_stored: 2, attempts_skipped: 0 });
  });

  it('rejects bad uploads with coded errors', async () => {
    const { token } = await newLearner();
    const good = {
      client_id: randomUUID(),
      story_id: storyId,
      started_at: new Date().toISOString(),
      completed_at: null,
      attempts: [attempt(letters[0]!)],
    };
    const malformed = await call(server.api('/practice/offline-sessions'), { token, raw: '{"client_id":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('INVALID_JSON');
    const wrongType = await upload(token, { ...good, attempts: 'many' });
    expect(wrongType.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'attempts' });
    const badId = await upload(token, { ...good, client_id: 'not-a-uuid' });
    expect(badId.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'client_id' });
    const noStory = await upload(token, { ...good, story_id: 'no-such-story' });
    expect(noStory.status).toBe(404);
    expect(noStory.body.error).toMatchObject({ code: 'STORY_NOT_FOUND', field: 'story_id' });
    const l0 = letters[0]!;
    const wrongLetter = await upload(token, {
      ...good,
      attempts: [attempt(l0), attempt({ ...l0, target: l0.target === 'Q' ? 'R' : 'Q' })],
    });
    expect(wrongLetter.status).toBe(422);
    expect(wrongLetter.body.error).toMatchObject({ code: 'TARGET_MISMATCH', field: 'attempts.1.target' });
    const offStory = await upload(token, { ...good, attempts: [attempt({ ...l0, sentence_index: 999 })] });
    expect(offStory.body.error.code).toBe('TARGET_MISMATCH');
    const tooMany = await upload(token, {
      ...good,
      attempts: Array.from({ length: OFFLINE_LIMITS.maxAttemptsPerUpload + 1 }, () => attempt(l0)),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'attempts' });
    const huge = await upload(token, { ...good, pad: 'x'.repeat(OFFLINE_LIMITS.practiceBodyBytes) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    // Nothing of the rejected uploads was stored.
    expect((await call(server.api('/progress'), { token })).body.totals.sessions).toBe(0);
    // A client id reused for another story is a conflict, not a merge.
    expect((await upload(token, good)).status).toBe(201);
    const other = (await call(server.api('/stories?level=2'), { token })).body.stories[0].id;
    const conflict = await upload(token, { ...good, story_id: other, attempts: [] });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('CLIENT_ID_CONFLICT');
  });

  it('stores analytics batches once per client id and rejects bad batches', async () => {
    const { token, userId } = await newLearner();
    const ev = (name: string, props?: Record<string, unknown>) => ({
      client_id: randomUUID(),
      name,
      at: new Date().toISOString(),
      ...(props ? { props } : {}),
    });
    const events = [ev('page_view', { path: '/dashboard' }), ev('practice.offline_session', { letters: 3 })];
    expect((await call(server.api('/analytics/events'), { body: { events } })).status).toBe(401);
    const first = await call(server.api('/analytics/events'), { token, body: { events } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ stored: 2, duplicates: 0 });
    const replay = await call(server.api('/analytics/events'), {
      token,
      body: { events: [...events, events[0], ev('page_view', { path: '/settings' })] },
    });
    expect(replay.body).toEqual({ stored: 1, duplicates: 3 });
    const rows = await server.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, userId));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.clientId === events[0]!.client_id)).toMatchObject({
      name: 'page_view',
      props: { path: '/dashboard' },
    });

    const bad = async (body: unknown) => (await call(server.api('/analytics/events'), { token, body })).body.error;
    const tooMany = Array.from({ length: OFFLINE_LIMITS.maxEventsPerBatch + 1 }, () => ev('page_view'));
    expect(await bad({ events: tooMany })).toMatchObject({ code: 'VALIDATION_ERROR', field: 'events' });
    expect(await bad({ events: [] })).toMatchObject({ code: 'VALIDATION_ERROR', field: 'events' });
    expect(await bad({ events: [{ ...ev('page_view'), name: 'Bad Name!' }] })).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'events.0.name',
    });
    expect(await bad({ events: [{ ...ev('page_view'), at: 12 }] })).toMatchObject({ field: 'events.0.at' });
    expect(await bad({ events: [ev('page_view', { nested: { a: 1 } })] })).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const malformed = await call(server.api('/analytics/events'), { token, raw: '[' });
    expect(malformed.body.error.code).toBe('INVALID_JSON');
  });
});
