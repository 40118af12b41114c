import 'fake-indexeddb/auto';
import type { OfflineSessionRequest, Story } from '@asl/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { newClientId, queuePracticeData } from '../../../lib/outbox';
import { resetOfflineDb } from '../../../lib/outbox/outbox.fixture';
import { unfinishedRun } from './unfinished-run';

const story: Story = {
  id: 'test-cat-hi',
  level: 1,
  title: 'Cat',
  summary: 'test',
  tags: [],
  sentences: [
    { text: 'A cat.', targets: ['CAT'] },
    { text: 'Hi.', targets: ['HI'] },
  ],
};

let clock = Date.parse('2026-11-28T09:00:00Z');
const at = () => new Date((clock += 1_000)).toISOString();
const attempt = (sentence_index: number, letter_index: number, target: string, correct = true) => ({
  client_id: newClientId(),
  sentence_index,
  word_index: 0,
  letter_index,
  target,
  detected: correct ? target : 'S',
  correct,
  confidence: 0.9,
  held_ms: 400,
  hint: '',
  at: at(),
});
const log = (over: Partial<OfflineSessionRequest>): OfflineSessionRequest => ({
  client_id: newClientId(),
  story_id: story.id,
  started_at: at(),
  completed_at: null,
  attempts: [],
  ...over,
});

beforeEach(async () => {
  await resetOfflineDb();
});

describe('unfinishedRun (a story left unfinished on the device, continued after a reload offline)', () => {
  it('is nothing when nothing of the story waits in the outbox', async () => {
    expect(await unfinishedRun('u1', story)).toBeNull();
  });

  it('continues a session begun on the device at the letter after the last one accepted, or the one last tried', async () => {
    const first = log({ attempts: [attempt(0, 0, 'C'), attempt(0, 1, 'A')], active_ms: 7_000 });
    await queuePracticeData(first, 'u1');
    expect(await unfinishedRun('u1', story)).toEqual({
      serverSessionId: first.client_id, // the device's own session is kept under its log's id
      from: { sentence_index: 0, word_index: 0, letter_index: 2 },
      earlier: [
        { sentence_index: 0, word_index: 0, letter_index: 0, target: 'C', correct: true },
        { sentence_index: 0, word_index: 0, letter_index: 1, target: 'A', correct: true },
      ],
      earlierMs: 7_000,
    });
    // a wrong try at T: T is still to sign; the last letter of a sentence leads to the next one
    await queuePracticeData({ ...first, attempts: [attempt(0, 2, 'T', false)] }, 'u1');
    expect((await unfinishedRun('u1', story))?.from).toEqual({ sentence_index: 0, word_index: 0, letter_index: 2 });
    await queuePracticeData({ ...first, attempts: [attempt(0, 2, 'T')] }, 'u1');
    const run = (await unfinishedRun('u1', story))!;
    expect(run.from).toEqual({ sentence_index: 1, word_index: 0, letter_index: 0 });
    expect(run.earlier.map((a) => `${a.target}${a.correct ? '+' : '-'}`)).toEqual(['C+', 'A+', 'T-', 'T+']);
  });

  it('gathers every piece of a continued live session waiting, oldest first, and adds their times', async () => {
    const live = '11111111-1111-4111-8111-111111111111';
    await queuePracticeData(log({ session_id: live, attempts: [attempt(0, 1, 'A')], active_ms: 3_000 }), 'u1');
    await queuePracticeData(log({ session_id: live, attempts: [attempt(0, 2, 'T')], active_ms: 4_000 }), 'u1');
    const run = (await unfinishedRun('u1', story))!;
    expect(run.serverSessionId).toBe(live);
    expect(run.earlier.map((a) => a.target)).toEqual(['A', 'T']);
    expect(run.earlierMs).toBe(7_000);
    expect(run.from).toEqual({ sentence_index: 1, word_index: 0, letter_index: 0 });
  });

  it('is nothing for a story finished or ended on the device, another story, or another learner', async () => {
    await queuePracticeData(log({ attempts: [attempt(0, 0, 'C')], completed_at: at() }), 'u1');
    expect(await unfinishedRun('u1', story)).toBeNull();
    await queuePracticeData(log({ attempts: [attempt(0, 0, 'C')], ended: 'restarted' }), 'u1');
    expect(await unfinishedRun('u1', story)).toBeNull();
    await queuePracticeData(log({ story_id: 'other', attempts: [attempt(0, 0, 'C')] }), 'u1');
    await queuePracticeData(log({ attempts: [attempt(0, 0, 'C')] }), 'u2');
    expect(await unfinishedRun('u1', story)).toBeNull();
    expect(await unfinishedRun('u2', story)).not.toBeNull();
  });
});
