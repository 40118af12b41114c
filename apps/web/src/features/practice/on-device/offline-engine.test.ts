import type { DetectedHand, ReceivedLiveMessage, Story } from '@asl/protocol';
import {
  aslFeedbackDataSchema,
  practiceSessionResponseDataSchema,
  processedFrameDataSchema,
  serverMessageSchema,
  sessionCompleteDataSchema,
} from '@asl/protocol';
import { describe, expect, it } from 'vitest';
import { framesOf, SCRIPTED_CASES } from '../../../lib/recognition/practice-scripts';
import { HANDS } from './hands.fixture';
import { OfflinePracticeEngine } from './offline-engine';
import type { OfflinePracticeLog } from './practice-log';

const story: Story = {
  id: 'test-hi-boy',
  level: 1,
  title: 'Hi, boy',
  summary: 'test',
  tags: [],
  sentences: [
    { text: 'Say HI.', targets: ['HI'] },
    { text: 'A BOY.', targets: ['BOY'] },
  ],
};

/** As the sync queue keeps them: the latest piece of each log (by client_id). */
function queueLog(logs: OfflinePracticeLog[], l: OfflinePracticeLog): void {
  const i = logs.findIndex((x) => x.client_id === l.client_id);
  if (i >= 0) logs[i] = l;
  else logs.push(l);
}

function setup(
  from?: { sentence_index: number; word_index: number; letter_index: number },
  more: Partial<ConstructorParameters<typeof OfflinePracticeEngine>[0]> = {},
) {
  let clock = 1_000_000;
  let ids = 0;
  const msgs: ReceivedLiveMessage[] = [];
  const logs: OfflinePracticeLog[] = [];
  const engine = new OfflinePracticeEngine({
    story,
    from: from ?? null,
    serverSessionId: from ? '11111111-1111-4111-8111-111111111111' : null,
    onPracticeData: (l) => queueLog(logs, l),
    emit: (m) => msgs.push(m),
    now: () => clock,
    uuid: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    ...more,
  });
  let t = 0;
  /** Holds a handshape for `ms` at 15 frames/s. */
  const hold = (hand: DetectedHand | null, ms = 700) => {
    for (let e = 0; e <= ms; e += 66) {
      t += 66;
      clock += 66;
      engine.frame({ hands: hand ? [hand] : [], width: 320, height: 240, timeMs: t });
    }
  };
  const feedback = () => msgs.filter((m) => m.type === 'asl_feedback').map((m) => aslFeedbackDataSchema.parse(m.data));
  /** Time passing with no hand in view (frames every 66 ms are not needed for that). */
  const away = (ms: number) => {
    t += ms;
    clock += ms;
  };
  return { engine, msgs, logs, hold, feedback, away };
}

describe('offline practice engine (the server practice rules, in the browser)', () => {
  it('answers with the live message shapes the story panel reads, and advances on held letters', () => {
    const { engine, msgs, hold, feedback } = setup();
    engine.start();
    const start = practiceSessionResponseDataSchema.parse(msgs[0]!.data);
    expect(start).toMatchObject({ story_id: story.id, status: 'active', letters_done: 0, letters_total: 5 });
    expect(start.target).toMatchObject({ letter: 'H', word: 'HI', sentence_index: 0 });
    for (const m of msgs) expect(serverMessageSchema.safeParse(m).success).toBe(true);

    hold(HANDS.H!);
    const fb = feedback();
    expect(fb).toHaveLength(1); // committed once per hold
    expect(fb[0]).toMatchObject({ target: 'H', detected: 'H', correct: true, hint: "That's H. Well done!" });
    expect(fb[0]!.held_ms).toBeGreaterThanOrEqual(400);
    expect(fb[0]!.state).toMatchObject({ letters_done: 1, target: { letter: 'I' } });
    const frame = msgs.find((m) => m.type === 'processed_frame')!;
    expect(processedFrameDataSchema.parse(frame.data).hands[0]!.landmarks).toHaveLength(21);
  });

  it('says what to fix on a wrong letter and records it, without advancing', () => {
    const { engine, hold, feedback, logs } = setup();
    engine.start();
    hold(HANDS.L!); // target H
    const fb = feedback();
    expect(fb[0]).toMatchObject({ target: 'H', detected: 'L', correct: false });
    expect(fb[0]!.hint).not.toMatch(/Well done/);
    expect(fb[0]!.state).toMatchObject({ letters_done: 0 });
    hold(null, 300); // hand away: no feedback
    expect(feedback()).toHaveLength(1);
    // queued at once, before the practice is handed over: a reload or a closed tab keeps it
    expect(logs.map((l) => l.attempts.length)).toEqual([1]);
    engine.close();
    expect(logs).toHaveLength(1);
    // begun on the device: the server keeps it under the log's own id, to be continued online
    expect(logs[0]).toMatchObject({ story_id: story.id, completed_at: null, server_session_id: logs[0]!.client_id });
    expect(logs[0]!.ended).toBeUndefined();
    expect(logs[0]!.attempts[0]).toMatchObject({
      sentence_index: 0,
      word_index: 0,
      letter_index: 0,
      target: 'H',
      detected: 'L',
      correct: false,
    });
    engine.close();
    expect(logs).toHaveLength(1); // handed over once
  });

  it('finishes the story with the server summary and hands the completed log over', () => {
    const { engine, msgs, hold, logs } = setup();
    engine.start();
    for (const l of ['H', 'I']) hold(HANDS[l]!);
    hold(HANDS.Y!); // wrong for B
    for (const l of ['B', 'O', 'Y']) hold(HANDS[l]!);
    const done = msgs.find((m) => m.type === 'session_complete')!;
    const summary = sessionCompleteDataSchema.parse(done.data);
    // letters, not raw attempts: 5 of 5 signed, 4 right first time (B took two tries)
    expect(summary).toMatchObject({
      completed: true,
      letters_total: 5,
      letters_attempted: 5,
      letters_signed: 5,
      letters_first_try: 4,
      wrong_attempts: 1,
      overall_score: 80,
    });
    expect(summary.accuracy_by_letter).toMatchObject({ B: 0, H: 1 });
    expect(done.message).toBe('Well done! You finished the story.');
    expect(logs).toHaveLength(1);
    expect(logs[0]!.completed_at).not.toBeNull();
    expect(logs[0]!.attempts.map((a) => `${a.target}${a.detected}${a.correct ? '+' : '-'}`)).toEqual([
      'HH+',
      'II+',
      'BY-',
      'BB+',
      'OO+',
      'YY+',
    ]);
    expect(new Set(logs[0]!.attempts.map((a) => a.client_id)).size).toBe(6);
  });

  it('leaves out a wrong reading the learner reported, in the result and in the log it uploads', () => {
    const { engine, msgs, hold, feedback, logs } = setup();
    engine.start();
    hold(HANDS.L!); // wrong for H, reported as misread
    const wrong = feedback()[0]!;
    expect(wrong).toMatchObject({ target: 'H', correct: false, attempt_id: expect.any(String) });
    expect(engine.withdraw(wrong.attempt_id!)).toBe(true);
    for (const l of ['H', 'I']) hold(HANDS[l]!);
    expect(engine.withdraw(feedback().at(-1)!.attempt_id!)).toBe(false); // a right reading stays counted
    hold(HANDS.Y!); // wrong for B, not reported
    for (const l of ['B', 'O', 'Y']) hold(HANDS[l]!);
    const summary = sessionCompleteDataSchema.parse(msgs.find((m) => m.type === 'session_complete')!.data);
    expect(summary).toMatchObject({ letters_first_try: 4, wrong_attempts: 1, overall_score: 80 });
    expect(summary.accuracy_by_letter).toMatchObject({ H: 1, B: 0 });
    expect(logs[0]!.attempts.filter((a) => a.withdrawn).map((a) => a.client_id)).toEqual([wrong.attempt_id]);
  });

  it('counts practice time between moves, and a long pause as one minute (the learner away)', () => {
    const { engine, msgs, hold, away, logs } = setup();
    engine.start();
    hold(HANDS.H!);
    away(10 * 60_000); // ten minutes away from the camera between H and I
    for (const l of ['I', 'B', 'O', 'Y']) hold(HANDS[l]!);
    const summary = sessionCompleteDataSchema.parse(msgs.find((m) => m.type === 'session_complete')!.data);
    // five holds of about 0.8 s each, and the pause counted as a minute (not ten)
    expect(summary.duration_ms).toBeGreaterThan(60_000);
    expect(summary.duration_ms).toBeLessThan(60_000 + 5 * 1_000);
    expect(logs[0]!.active_ms).toBe(summary.duration_ms);
  });

  it('counts the time of wrong attempts too: each is a move (a struggle with one letter is practice)', () => {
    const { engine, hold, away, logs } = setup();
    engine.start();
    for (let i = 0; i < 4; i++) {
      away(40_000);
      hold(HANDS.L!); // wrong for H, every 40 s
      hold(null, 300); // the hand down before the next try
    }
    hold(HANDS.H!);
    engine.close();
    // four gaps of about 41 s between the wrong tries (each under a minute), not one minute in all
    expect(logs[0]!.attempts.filter((a) => !a.correct)).toHaveLength(4);
    expect(logs[0]!.active_ms).toBeGreaterThan(4 * 40_000);
  });

  it('a story begun online and finished on the device is the whole story: the online attempts count too', () => {
    // online: H right, I wrong (Y) then right; the connection drops with I still held, at B
    const from = { sentence_index: 1, word_index: 0, letter_index: 0 };
    const earlier = [
      { sentence_index: 0, word_index: 0, letter_index: 0, target: 'H', correct: true },
      { sentence_index: 0, word_index: 0, letter_index: 1, target: 'I', correct: false },
      { sentence_index: 0, word_index: 0, letter_index: 1, target: 'I', correct: true },
    ];
    // the live part took 95 s of practice (the server's figure in its last state)
    const { engine, msgs, hold, logs } = setup(from, { earlier, spent: ['I'], earlierMs: 95_000 });
    engine.start();
    hold(HANDS.I!, 1200); // still held from online: not a wrong attempt at B
    for (const l of ['B', 'O', 'Y']) hold(HANDS[l]!);
    const summary = sessionCompleteDataSchema.parse(msgs.find((m) => m.type === 'session_complete')!.data);
    expect(summary).toMatchObject({
      completed: true,
      letters_total: 5,
      letters_signed: 5,
      letters_first_try: 4,
      wrong_attempts: 1,
      overall_score: 80,
    });
    // the whole story's practice time: the live part's and the device's few seconds
    expect(summary.duration_ms).toBeGreaterThan(95_000);
    expect(summary.duration_ms).toBeLessThan(95_000 + 10_000);
    expect(logs[0]!.active_ms).toBe(summary.duration_ms - 95_000); // the log: the device's part only
    // the log holds the device's attempts only (the online ones are on the server already)
    expect(logs[0]!.attempts.map((a) => `${a.target}${a.detected}${a.correct ? '+' : '-'}`)).toEqual([
      'BB+',
      'OO+',
      'YY+',
    ]);
  });

  it('after a reload the page has not seen the online attempts: the letters before count as accepted', () => {
    const { engine, msgs, hold } = setup({ sentence_index: 1, word_index: 0, letter_index: 0 });
    engine.start();
    for (const l of ['B', 'O', 'Y']) hold(HANDS[l]!);
    const summary = sessionCompleteDataSchema.parse(msgs.find((m) => m.type === 'session_complete')!.data);
    expect(summary).toMatchObject({ completed: true, letters_signed: 5, letters_first_try: 5, wrong_attempts: 0 });
  });

  it('a sentence skipped online (Next Sentence) stays not done on the device when the page saw the whole session', () => {
    // online: H right, then Next Sentence (I skipped); the server counted 1 letter; the connection drops at B
    const from = { sentence_index: 1, word_index: 0, letter_index: 0 };
    const earlier = [{ sentence_index: 0, word_index: 0, letter_index: 0, target: 'H', correct: true }];
    const { engine, msgs, hold } = setup(from, { earlier, lettersDone: 1 });
    engine.start();
    expect(practiceSessionResponseDataSchema.parse(msgs[0]!.data)).toMatchObject({ letters_done: 1, letters_total: 5 });
    for (const l of ['B', 'O', 'Y']) hold(HANDS[l]!);
    const summary = sessionCompleteDataSchema.parse(msgs.find((m) => m.type === 'session_complete')!.data);
    expect(summary).toMatchObject({ completed: false, letters_signed: 4, letters_first_try: 4, wrong_attempts: 0 });
  });

  it('continues from where the learner was and supports the four actions as the server does', () => {
    const { engine, msgs, hold, logs } = setup(
      { sentence_index: 1, word_index: 0, letter_index: 1 },
      { earlierMs: 30_000 },
    );
    engine.start();
    const start = practiceSessionResponseDataSchema.parse(msgs[0]!.data);
    expect(start).toMatchObject({ resumed: true, letters_done: 3, target: { letter: 'O' }, active_ms: 30_000 });
    expect(start.session_id).toBe('11111111-1111-4111-8111-111111111111');
    const last = () => msgs[msgs.length - 1]!;

    engine.control('try_again'); // back to the first letter of the word
    expect(last()).toMatchObject({ type: 'control_response', data: { action: 'try_again', success: true } });
    expect((last().data as any).state.target.letter).toBe('B');

    hold(HANDS.B!);
    engine.control('restart_story'); // the unfinished log goes out, a new one starts at the beginning
    expect(logs).toHaveLength(1);
    // the live session it continued ends restarted, as Restart Story ends it online
    expect(logs[0]).toMatchObject({ server_session_id: '11111111-1111-4111-8111-111111111111', ended: 'restarted' });
    // a new run: the continued session's time is not its time
    expect((last().data as any).state).toMatchObject({ letters_done: 0, target: { letter: 'H' }, active_ms: 0 });
    // the new run is a session of the device's own: the one to continue online
    const restarted = (last().data as any).state.session_id;
    expect(restarted).not.toBe('11111111-1111-4111-8111-111111111111');
    hold(HANDS.H!);
    expect(logs[1]).toMatchObject({ client_id: restarted, server_session_id: restarted });
    expect(logs[1]!.ended).toBeUndefined();
    engine.control('stop_session');
    expect(logs).toHaveLength(2); // the same log (the queue merges its pieces), now ended
    expect(logs[1]).toMatchObject({ client_id: restarted, ended: 'stopped', completed_at: null });
  });

  it('ends the live session it continued when restarted or stopped with no attempt on the device', () => {
    for (const action of ['restart_story', 'stop_session'] as const) {
      const { engine, logs } = setup({ sentence_index: 0, word_index: 0, letter_index: 1 });
      engine.start();
      engine.control(action);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({
        server_session_id: '11111111-1111-4111-8111-111111111111',
        ended: action === 'restart_story' ? 'restarted' : 'stopped',
        attempts: [],
      });
    }
    // a session of the device's own with no attempt has nothing to end: no log
    const own = setup();
    own.engine.start();
    own.engine.control('restart_story');
    own.engine.control('stop_session');
    expect(own.logs).toEqual([]);
  });

  it('runs the actions after a restart on the device', () => {
    const { engine, msgs, logs } = setup({ sentence_index: 1, word_index: 0, letter_index: 1 });
    engine.start();
    const last = () => msgs[msgs.length - 1]!;
    engine.control('restart_story');
    expect(logs).toHaveLength(1);

    engine.control('next_sentence');
    expect((last().data as any).state.target.letter).toBe('B');
    engine.control('next_sentence'); // past the last sentence: the story ends, early (nothing was signed)
    expect(last().type).toBe('session_complete');
    expect(sessionCompleteDataSchema.parse(last().data)).toMatchObject({ completed: false, letters_signed: 0 });
    expect(last().message).toBe('No letter was tried, so there is no score yet.');
    expect(logs).toHaveLength(1); // a run with no attempt leaves no session

    const fresh = setup();
    fresh.engine.start();
    fresh.engine.control('complete_story');
    expect(fresh.msgs.map((m) => m.type)).toEqual([
      'practice_session_response',
      'control_response',
      'session_complete',
    ]);
    fresh.engine.control('try_again');
    expect(fresh.msgs[fresh.msgs.length - 1]!.data).toMatchObject({ success: false });
  });
});

describe('offline practice engine: the practice engine scripted cases give the same results', () => {
  it.each(SCRIPTED_CASES)('$name', (c) => {
    const logs: OfflinePracticeLog[] = [];
    const engine = new OfflinePracticeEngine({
      story: { ...story, sentences: c.words.map((w) => ({ text: w, targets: [w] })) },
      onPracticeData: (l) => queueLog(logs, l),
      emit: () => {},
    });
    engine.start();
    const events = framesOf(c.steps)
      .map((f) => engine.practise(f))
      .filter((e) => e !== null);
    expect(events.filter((e) => e.counted).map((e) => `${e.target.letter}:${e.detected}:${e.correct}`)).toEqual(
      c.counted,
    );
    expect(events.filter((e) => !e.counted).map((e) => e.kind)).toEqual(c.hints);
    engine.close();
    // the log holds exactly the counted attempts
    expect(logs.flatMap((l) => l.attempts).map((a) => `${a.target}:${a.detected}:${a.correct}`)).toEqual(c.counted);
  });
});
