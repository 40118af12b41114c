import { SYNC_TAGS, type ProgressResponse } from '@asl/protocol';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyFlushed } from '../../../lib/outbox/common';
import { SessionContext, type SessionApi } from '../../../lib/session/session-context';
import { saveProgress } from './progress-cache';
import { OFFLINE_NO_COPY, REFRESH_AFTER_MS, useProgress } from './use-progress';

const getProgress = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api/get-progress', () => ({ getProgress }));

const progress = { totals: { sessions: 3 } } as unknown as ProgressResponse;
const wrapper = ({ children }: { children: ReactNode }) => (
  <SessionContext.Provider value={{ user: { id: 'u1' } } as unknown as SessionApi}>{children}</SessionContext.Provider>
);
const setOnline = (v: boolean) => Object.defineProperty(navigator, 'onLine', { value: v, configurable: true });

afterEach(() => {
  setOnline(true);
  getProgress.mockReset();
});

describe('useProgress offline (issue 17 item 6)', () => {
  it("shows the device's last copy, with when it was saved, while the request waits for the connection", async () => {
    saveProgress('u1', progress, new Date('2026-11-20T10:00:00Z'));
    setOnline(false);
    getProgress.mockReturnValue(new Promise(() => {})); // queued until online
    const { result } = renderHook(() => useProgress(), { wrapper });
    expect(result.current.progress).toEqual(progress);
    expect(result.current.savedAt?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
  });

  it('says so instead of loading forever when the device has no copy, and never shows another learner’s', () => {
    saveProgress('someone-else', progress);
    setOnline(false);
    getProgress.mockReturnValue(new Promise(() => {}));
    const { result } = renderHook(() => useProgress(), { wrapper });
    expect(result.current).toEqual({ progress: null, savedAt: null, message: OFFLINE_NO_COPY });
  });

  it('online: the fresh figures, saved for next time', async () => {
    getProgress.mockResolvedValue(progress);
    const { result } = renderHook(() => useProgress(), { wrapper });
    await waitFor(() => expect(result.current.progress).toEqual(progress));
    expect(result.current.savedAt).toBeNull();
    expect(JSON.parse(localStorage.getItem('progress_cache')!).userId).toBe('u1');
  });
});

describe('useProgress after offline practice is uploaded', () => {
  it('fetches the figures again when the practice-data flush sent something, not for analytics', async () => {
    const uploaded = { totals: { sessions: 4 } } as unknown as ProgressResponse;
    getProgress.mockResolvedValueOnce(progress).mockResolvedValueOnce(uploaded);
    const { result } = renderHook(() => useProgress(), { wrapper });
    await waitFor(() => expect(result.current.progress).toEqual(progress));
    act(() => notifyFlushed(SYNC_TAGS.analytics, { sent: 5, dropped: 0, kept: 0 }));
    expect(getProgress).toHaveBeenCalledTimes(1);
    act(() => notifyFlushed(SYNC_TAGS.practiceData, { sent: 1, dropped: 0, kept: 0 }));
    await waitFor(() => expect(result.current.progress).toEqual(uploaded));
    expect(getProgress).toHaveBeenCalledTimes(2);
    expect(result.current.savedAt).toBeNull();
  });
});

describe('useProgress shown again', () => {
  it('fetches the figures again when the tab is shown after a while, not at every glance', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      getProgress.mockResolvedValue(progress);
      renderHook(() => useProgress(), { wrapper });
      await waitFor(() => expect(getProgress).toHaveBeenCalledTimes(1));
      const show = () => act(() => document.dispatchEvent(new Event('visibilitychange')));
      show(); // at once: the figures are fresh
      expect(getProgress).toHaveBeenCalledTimes(1);
      vi.setSystemTime(Date.now() + REFRESH_AFTER_MS);
      show();
      await waitFor(() => expect(getProgress).toHaveBeenCalledTimes(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
