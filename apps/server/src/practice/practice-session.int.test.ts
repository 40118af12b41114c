import type { PracticeEvent } from '@asl/practice';
import type { PracticeTarget } from '@asl/protocol';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { practiceAttempts, practiceSessions } from '../db/schema';
import { registerLearner } from '../test/learners';
import { refusedWrites } from '../test/refused-writes';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';
import { saveOfflineSession } from './offline-sessions';
import { PracticeSession } from './practice-session';
import { getStory } from './stories-repo';

/** An attempt at the session's letter as the engine reports it: a right one moves on. */
function attempt(s: PracticeSession, correct = true): PracticeEvent {
  const target = s.target!;
  return {
    kind: 'attempt',
    target,
    detected: correct ? target.letter : 'S',
    confidence: 0.98,
    correct,
    counted: true,
    firstTry: true,
    hint: '',
    heldMs: 400,
    advanced: correct,
    finished: false,
  };
}

describe.each(DB_KINDS)('practice sessions in the database (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // one server for every block below, each with learners of its own
    server = await startTestServer(kind, { RECOGNITION_WORKERS: '0', RATE_LIMIT_REGISTER_PER_MIN: '1000' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('practice time of one session', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    const at = (s: number) => vi.setSystemTime(new Date(Date.UTC(2026, 10, 27, 9, 0, s)));
    const activeMs = async (id: string) =>
      (await server.database.db.select().from(practiceSessions).where(eq(practiceSessions.id, id)))[0]!.activeMs;

    it('counts time from the start, once when a second tab takes the session up, not the night between two days, and every wrong attempt as a move', async () => {
      const db = server.database.db;
      const learner = await registerLearner(server.api);
      const story = (await getStory(db, 'l1-my-cat'))!;
      vi.useFakeTimers({ toFake: ['Date'] });

      at(0);
      const first = PracticeSession.start(db, learner.user_id, story);
      at(10); // ten seconds to sign the first letter
      await first.recordAttempt(attempt(first));
      expect(await activeMs(first.id)).toBe(10_000);

      // the same story opened in a second tab: it takes the session up
      at(12);
      const second = (await PracticeSession.findResumable(db, learner.user_id, { sessionId: first.id }, (id) =>
        getStory(db, id),
      ))!;
      expect(second.id).toBe(first.id);
      at(20);
      await second.recordAttempt(attempt(second)); // 10..20 is new practice time
      at(30);
      // the first tab's move comes after the second's save: it writes nothing (it would move the place
      // back to its own), and that copy is done
      await first.tryAgain();
      expect(first.takenUpElsewhere).toBe(true);
      expect(first.isActive).toBe(false);
      expect(await first.recordAttempt(attempt(second))).toBeNull();
      at(40);
      await second.tryAgain();
      // 40 seconds of practice, the time between the session's saves (each tab alone would add 60)
      expect(await activeMs(first.id)).toBe(40_000);
      // the state the page gets carries it (practice continued on the device adds to it)
      expect(second.state().active_ms).toBe(40_000);

      // opened again the next day: the night away is not practice, the time since opening is
      at(86_400);
      const nextDay = (await PracticeSession.findResumable(db, learner.user_id, { sessionId: first.id }, (id) =>
        getStory(db, id),
      ))!;
      at(86_415);
      await nextDay.tryAgain();
      expect(await activeMs(first.id)).toBe(55_000);

      // three minutes of wrong attempts, one every 30 s, then the right one: all of it is practice
      for (let t = 86_445; t <= 86_595; t += 30) {
        at(t);
        await nextDay.recordAttempt(attempt(nextDay, false));
      }
      at(86_625);
      await nextDay.recordAttempt(attempt(nextDay));
      expect(await activeMs(first.id)).toBe(55_000 + 210_000);
      expect(nextDay.state().active_ms).toBe(55_000 + 210_000);
    });
    it('does not count the minute a story was put aside while another was practised', async () => {
      const db = server.database.db;
      const learner = await registerLearner(server.api);
      const cat = (await getStory(db, 'l1-my-cat'))!;
      const sunny = (await getStory(db, 'l1-a-sunny-day'))!;
      vi.useFakeTimers({ toFake: ['Date'] });
      at(0);
      const first = PracticeSession.start(db, learner.user_id, cat);
      at(10);
      await first.recordAttempt(attempt(first));
      // put aside: another story practised from 15 to 50
      at(15);
      const other = PracticeSession.start(db, learner.user_id, sunny);
      at(50);
      await other.recordAttempt(attempt(other));
      // My Cat again at 55, within a minute of its last save at 10: 55..70 is its time, not 10..70
      at(55);
      const again = (await PracticeSession.findResumable(db, learner.user_id, { storyId: cat.id }, (id) =>
        getStory(db, id),
      ))!;
      at(70);
      await again.recordAttempt(attempt(again));
      expect(await activeMs(first.id)).toBe(10_000 + 15_000); // before: 10_000 + 60_000
      expect(await activeMs(other.id)).toBe(35_000);
      at(80);
      await again.recordAttempt(attempt(again));
      expect(await activeMs(first.id)).toBe(10_000 + 15_000 + 10_000); // and on from its own saves
    });
    // The attack review of 2026-11-28: a second socket's Complete Story on a session the first had
    // stopped (or restarted) wrote a score and a completion onto the stopped row.
    it.each(['stop', 'restart'] as const)(
      'does not complete a session another copy has ended (%s): no result, nothing written',
      async (end) => {
        const db = server.database.db;
        const learner = await registerLearner(server.api);
        const story = (await getStory(db, 'l1-my-cat'))!;
        const first = PracticeSession.start(db, learner.user_id, story);
        await first.recordAttempt(attempt(first));
        const second = (await PracticeSession.findResumable(db, learner.user_id, { sessionId: first.id }, (id) =>
          getStory(db, id),
        ))!;
        // the copy holding the session (taken up last) ends it; the first copy's Complete Story comes after
        await (end === 'stop' ? second.stop() : second.restart());
        expect(await first.complete()).toBeNull();
        const [row] = await db.select().from(practiceSessions).where(eq(practiceSessions.id, first.id));
        expect(row).toMatchObject({
          status: end === 'stop' ? 'stopped' : 'restarted',
          overallScore: null,
          completedAt: null,
        });
        // a copy that was not ended elsewhere completes as before
        const other = PracticeSession.start(db, learner.user_id, story);
        await other.recordAttempt(attempt(other));
        expect(await other.complete()).toMatchObject({ letters_signed: 1, overall_score: 100 });
      },
    );
  });

  describe('a counted try stored whole or not at all', () => {
    it('a try whose attempt cannot be written moves nothing: no session row at the first, the old place after it', async () => {
      const db = server.database.db;
      const learner = await registerLearner(server.api);
      const story = (await getStory(db, 'l1-my-cat'))!;
      const s = PracticeSession.start(db, learner.user_id, story);
      // the attempts table refuses this session's rows (a full disk, a connection dropped mid-write)
      const refused = await refusedWrites(db, {
        op: 'insert',
        table: 'practice_attempts',
        when: `new.session_id = '${s.id}'`,
      });
      await refused.refuse();
      const rows = () => db.select().from(practiceSessions).where(eq(practiceSessions.id, s.id));
      const attempts = () => db.select().from(practiceAttempts).where(eq(practiceAttempts.sessionId, s.id));
      const [first, second, third] = s.engine.targets;
      // the engine moves on a right letter before the attempt is saved
      const rightAt = (t: PracticeTarget): PracticeEvent => ({ ...attempt(s), target: t, detected: t.letter });
      s.engine.moveTo(second!);
      await expect(s.recordAttempt(rightAt(first!))).rejects.toThrow();
      expect(await rows()).toEqual([]); // not a session at its second letter with no try in it
      await refused.allow();
      await expect(s.recordAttempt(rightAt(first!))).resolves.toEqual(expect.any(String));
      expect((await rows())[0]).toMatchObject({ letterIndex: 1 });

      await refused.refuse();
      s.engine.moveTo(third!);
      await expect(s.recordAttempt(rightAt(second!))).rejects.toThrow();
      expect((await rows())[0]).toMatchObject({ letterIndex: 1 }); // still at the letter with no try stored
      expect((await attempts()).map((a) => a.target)).toEqual([first!.letter]);
      await refused.remove();
    });

    it('a result that cannot be written leaves the session open: never ended without its score', async () => {
      const db = server.database.db;
      const learner = await registerLearner(server.api);
      const story = (await getStory(db, 'l1-my-cat'))!;
      const s = PracticeSession.start(db, learner.user_id, story);
      await s.recordAttempt(attempt(s));
      // the score's write fails (a killed server between the end and its score left it ended with none)
      const refused = await refusedWrites(db, {
        op: 'update',
        table: 'practice_sessions',
        when: `new.id = '${s.id}' and new.overall_score is not null`,
      });
      await refused.refuse();
      await expect(s.complete()).rejects.toThrow();
      await refused.remove();
      const [row] = await db.select().from(practiceSessions).where(eq(practiceSessions.id, s.id));
      expect(row).toMatchObject({ status: 'active', overallScore: null, completedAt: null });
    });
  });

  describe('a session continued on the device and handed back', () => {
    /**
     * Online: the story's first letter right (or, restarted just before the connection dropped, no
     * attempt: the session has no row). On the device: the letters up to the second right, then Next
     * Sentence (the rest of the first sentence skipped). Back online at the second sentence's first
     * letter: 2 letters signed, in one session, whichever of the upload and the hand-back reaches the
     * server first (the place reached is not a count: the skipped letters are not done).
     */
    it.each([
      ['upload first', 'the first letter signed online'],
      ['hand-back first', 'the first letter signed online'],
      ['upload first', 'nothing signed online'],
      ['hand-back first', 'nothing signed online'],
    ])('counts the letters signed, not the place reached (%s, %s)', async (order, online) => {
      const db = server.database.db;
      const learner = await registerLearner(server.api);
      const story = (await getStory(db, 'l1-my-cat'))!;
      const live = PracticeSession.start(db, learner.user_id, story);
      const [first, second] = live.engine.targets;
      const signedOnline = online === 'the first letter signed online';
      if (signedOnline) await live.recordAttempt(attempt(live));
      const next = live.engine.targets.find((t) => t.sentence_index === 1)!;
      expect(live.engine.targets.indexOf(next)).toBeGreaterThan(2); // letters of the first sentence were skipped

      const right = (t: PracticeTarget) => ({
        client_id: randomUUID(),
        ...pos(t),
        target: t.letter,
        detected: t.letter,
        correct: true,
        confidence: 0.9,
        held_ms: 400,
        at: new Date().toISOString(),
      });
      const upload = async () => {
        const stored = await saveOfflineSession(db, learner.user_id, story, {
          client_id: randomUUID(),
          story_id: story.id,
          session_id: live.id,
          started_at: new Date().toISOString(),
          completed_at: null,
          attempts: signedOnline ? [right(second!)] : [right(first!), right(second!)],
        });
        // the device's practice joins the live session, even one with no row yet; it stays open
        expect(stored).toMatchObject({ session_id: live.id, status: 'active', created: !signedOnline });
      };
      const rows = () => db.select().from(practiceSessions).where(eq(practiceSessions.userId, learner.user_id));

      if (order === 'upload first') {
        await upload();
        expect(await live.moveTo(pos(next))).toBe(true);
        expect(live.state()).toMatchObject({ letters_done: 2, target: { letter: next.letter, sentence_index: 1 } });
      } else {
        expect(await live.moveTo(pos(next))).toBe(true);
        expect(live.state().letters_done).toBe(signedOnline ? 1 : 0); // the device's attempts have not landed yet
        await upload();
        await live.tryAgain(); // the next move saved counts them
        expect(live.state().letters_done).toBe(2);
      }
      await live.recordAttempt(attempt(live, false)); // a wrong try online: the same session's row
      expect((await rows()).map((r) => [r.id, r.lettersDone, r.status])).toEqual([[live.id, 2, 'active']]);
    });
  });

  describe('one copy of a session saves: the one that took it up last', () => {
    const resume = (db: TestServer['database']['db'], userId: string, id: string) =>
      PracticeSession.findResumable(db, userId, { sessionId: id }, (storyId) => getStory(db, storyId));
    const row = async (db: TestServer['database']['db'], id: string) =>
      (await db.select().from(practiceSessions).where(eq(practiceSessions.id, id)))[0]!;
    /** The letter asked, signed right: the engine moves on (as on a counted frame), then the attempt is saved. */
    const signRight = (s: PracticeSession) => {
      const t = s.target!;
      const next = s.engine.targets[s.engine.targets.indexOf(t) + 1];
      s.engine.markSigned([pos(t)]);
      if (next) s.engine.moveTo(next);
      return s.recordAttempt({ ...attempt(s), target: t, detected: t.letter });
    };

    it('a copy continued from the device stops saving once another takes the session up (another process)', async () => {
      const db = server.database.db;
      const learner = await registerLearner(server.api);
      const story = (await getStory(db, 'l1-my-cat'))!;
      const first = PracticeSession.start(db, learner.user_id, story);
      await signRight(first);
      // back from the device in one process: practice continued at the third letter
      const handedBack = (await resume(db, learner.user_id, first.id))!;
      const [, , third, fourth] = handedBack.engine.targets;
      expect(await handedBack.moveTo(pos(third!))).toBe(true);
      // the learner opens the story in another tab, served by another process, and signs on there
      const other = (await resume(db, learner.user_id, first.id))!;
      expect(other.state().target).toMatchObject(pos(third!));
      await signRight(other);
      const moved = await row(db, first.id);
      // the copy handed back earlier counts nothing more, and moves nothing back
      expect(await signRight(handedBack)).toBeNull();
      expect(handedBack.takenUpElsewhere).toBe(true);
      expect(await row(db, first.id)).toMatchObject({
        sentenceIndex: moved.sentenceIndex,
        wordIndex: moved.wordIndex,
        letterIndex: moved.letterIndex,
        lettersDone: 2,
      });
      expect(moved).toMatchObject({ sentenceIndex: fourth!.sentence_index, letterIndex: fourth!.letter_index });
    });

    it("a late piece of the device's log adds its letters and leaves the live copy practising", async () => {
      const db = server.database.db;
      const learner = await registerLearner(server.api);
      const story = (await getStory(db, 'l1-my-cat'))!;
      const live = PracticeSession.start(db, learner.user_id, story);
      const [, second, third] = live.engine.targets;
      await signRight(live);
      // reloaded: the page's copy taken up again (no place from the device)
      const reloaded = (await resume(db, learner.user_id, live.id))!;
      // the device's earlier offline part lands now: the second letter, signed there
      const stored = await saveOfflineSession(db, learner.user_id, story, {
        client_id: randomUUID(),
        story_id: story.id,
        session_id: live.id,
        started_at: new Date(Date.now() - 10_000).toISOString(),
        completed_at: null,
        attempts: [
          {
            client_id: randomUUID(),
            ...pos(second!),
            target: second!.letter,
            detected: second!.letter,
            correct: true,
            confidence: 0.9,
            held_ms: 400,
            at: new Date(Date.now() - 5_000).toISOString(),
          },
        ],
      });
      expect(stored).toMatchObject({ session_id: live.id, status: 'active', attempts_stored: 1 });
      // the live copy goes on: its next try is stored, and the letters done count the device's
      reloaded.engine.moveTo(third!);
      expect(await signRight(reloaded)).toEqual(expect.any(String));
      expect(reloaded.isActive).toBe(true);
      expect((await row(db, live.id)).lettersDone).toBe(3);
    });
  });

  describe('a session finished on the device while its live copy is still open', () => {
    it('is not reopened nor counted again by the live copy (a socket that stayed open through the outage)', async () => {
      const db = server.database.db;
      const learner = await registerLearner(server.api);
      const story = (await getStory(db, 'l1-my-cat'))!;
      const live = PracticeSession.start(db, learner.user_id, story);
      await live.recordAttempt(attempt(live));
      // the device finished the story (Complete Story there) and its log landed
      const done = await saveOfflineSession(db, learner.user_id, story, {
        client_id: randomUUID(),
        story_id: story.id,
        session_id: live.id,
        started_at: new Date().toISOString(),
        completed_at: new Date().toISOString(),
        attempts: [],
      });
      expect(done).toMatchObject({ session_id: live.id, status: 'ended_early' });
      // the live copy, still open, reads the camera on: nothing counts, nothing reopens
      expect(await live.recordAttempt(attempt(live, false))).toBeNull();
      expect(live.isActive).toBe(false);
      await live.tryAgain();
      const [row] = await db.select().from(practiceSessions).where(eq(practiceSessions.id, live.id));
      expect(row).toMatchObject({ status: 'ended_early', lettersDone: 1 });
      const attempts = await db.select().from(practiceAttempts).where(eq(practiceAttempts.sessionId, live.id));
      expect(attempts).toHaveLength(1);
    });
  });
});

function pos(t: { sentence_index: number; word_index: number; letter_index: number }) {
  return { sentence_index: t.sentence_index, word_index: t.word_index, letter_index: t.letter_index };
}
