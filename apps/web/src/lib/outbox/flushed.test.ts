import 'fake-indexeddb/auto';
import { SYNC_TAGS } from '@asl/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onFlushed } from './common';
import { json, resetOfflineDb, signIn } from './outbox.fixture';
import { flushOutbox, newClientId, queuePracticeData } from './outbox';

const session = () => ({
  client_id: newClientId(),
  story_id: 'l1-my-cat',
  started_at: new Date().toISOString(),
  completed_at: null,
  attempts: [],
});

beforeEach(async () => {
  await resetOfflineDb();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('onFlushed', () => {
  it('tells the listeners after a flush that uploaded something, and only then', async () => {
    signIn();
    const listener = vi.fn();
    const stop = onFlushed(listener);
    const stored = { session_id: 's-1', status: 'active', duplicate: false, attempts_stored: 0, attempts_skipped: 0 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(201, stored)),
    );
    await flushOutbox(SYNC_TAGS.practiceData); // nothing queued: nothing sent
    expect(listener).not.toHaveBeenCalled();
    await queuePracticeData(session());
    await flushOutbox(SYNC_TAGS.practiceData);
    expect(listener).toHaveBeenCalledWith(SYNC_TAGS.practiceData, expect.objectContaining({ sent: 1 }));
    stop();
    await queuePracticeData(session());
    await flushOutbox(SYNC_TAGS.practiceData);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
