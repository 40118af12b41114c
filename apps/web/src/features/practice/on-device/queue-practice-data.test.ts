import { offlineSessionRequestSchema, type Story } from '@asl/protocol';
import { describe, expect, it } from 'vitest';
import { HANDS } from './hands.fixture';
import { OfflinePracticeEngine } from './offline-engine';
import type { OfflinePracticeLog } from './practice-log';
import { toOfflineSession } from './queue-practice-data';

const story: Story = {
  id: 'test-hi',
  level: 1,
  title: 'Hi',
  summary: 'test',
  tags: [],
  sentences: [{ text: 'Say HI.', targets: ['HI'] }],
};

describe('offline practice log -> practice-data upload', () => {
  it('turns a real engine log into an upload the server schema accepts, attempt for attempt', () => {
    let clock = Date.parse('2026-11-22T08:00:00Z');
    const logs: OfflinePracticeLog[] = [];
    const engine = new OfflinePracticeEngine({
      story,
      from: null,
      serverSessionId: null,
      onPracticeData: (l) => void logs.push(l),
      emit: () => {},
      now: () => clock,
      uuid: () => crypto.randomUUID(),
    });
    engine.start();
    let t = 0;
    for (const letter of ['H', 'Y', 'I']) {
      for (let e = 0; e <= 700; e += 66) {
        t += 66;
        clock += 66;
        engine.frame({ hands: [HANDS[letter]!], width: 320, height: 240, timeMs: t });
      }
    }
    // a piece after each attempt, then the finished log: one log (one client_id) as the queue merges them
    expect(new Set(logs.map((l) => l.client_id)).size).toBe(1);
    const last = logs[logs.length - 1]!;
    const upload = offlineSessionRequestSchema.parse(toOfflineSession(last));
    expect(upload.client_id).toBe(last.client_id);
    expect(upload.completed_at).not.toBeNull();
    expect(upload.attempts.map((a) => [a.target, a.detected, a.correct, a.word_index, a.letter_index])).toEqual([
      ['H', 'H', true, 0, 0],
      ['I', 'Y', false, 0, 1],
      ['I', 'I', true, 0, 1],
    ]);
    expect(upload.attempts.every((a) => Number.isInteger(a.held_ms) && a.hint !== undefined)).toBe(true);
    // practice begun on the device is kept under its own id (to be continued online)
    expect(upload.session_id).toBe(last.client_id);
    expect(upload.ended).toBeUndefined();
    expect(toOfflineSession({ ...last, ended: 'restarted' }).ended).toBe('restarted');
    expect(toOfflineSession({ ...last, server_session_id: '11111111-1111-4111-8111-111111111111' }).session_id).toBe(
      '11111111-1111-4111-8111-111111111111',
    );
    // the device's practice time goes with it (three holds of about 0.8 s)
    expect(upload.active_ms).toBe(last.active_ms);
    expect(upload.active_ms).toBeGreaterThan(2_000);
    expect(upload.active_ms).toBeLessThan(3_000);
  });
});
