import { SYNC_TAGS, type ProgressResponse } from '@asl/protocol';
import { useEffect, useRef, useState } from 'react';
import { isOffline } from '../../../lib/api/online';
import { onFlushed } from '../../../lib/outbox';
import { useSession } from '../../../lib/session/session-context';
import { getProgress } from '../../../lib/api/get-progress';
import { cachedProgress, saveProgress } from './progress-cache';

export interface ProgressView {
  progress: ProgressResponse | null;
  /** When shown from the device's copy (offline, or the server could not answer): when it was saved. */
  savedAt: Date | null;
  /** Why there is nothing to show yet, or null while loading. */
  message: string | null;
}

export const OFFLINE_NO_COPY = 'You are offline. Your progress will show here when you are back online.';
export const LOAD_FAILED = 'Your progress could not be loaded right now.';
/** A dashboard shown again after at least this long fetches the figures again. */
export const REFRESH_AFTER_MS = 10_000;

/**
 * The learner's progress: from the server, saved on the device each time; while offline (or when
 * the server cannot answer) the device's last copy, marked with when it was saved, and the fresh
 * figures as soon as the connection returns (the request waits for it), and again each time practice
 * done offline is uploaded.
 */
export function useProgress(): ProgressView {
  const userId = useSession().user?.id ?? null;
  const [view, setView] = useState<ProgressView>({ progress: null, savedAt: null, message: null });
  // Practice done offline has reached the server (the outbox's practice-data flush): the figures
  // shown predate it, so they are fetched again, without a reload.
  const [uploads, setUploads] = useState(0);
  useEffect(
    () =>
      onFlushed((tag) => {
        if (tag === SYNC_TAGS.practiceData) setUploads((n) => n + 1);
      }),
    [],
  );
  // Shown again (the learner practised in another tab meanwhile): fetched again, at most once in
  // REFRESH_AFTER_MS (a dashboard left open in a tab showed the sessions of before: the learner
  // review of 2026-11-28, second round).
  const fetchedAt = useRef(0);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - fetchedAt.current >= REFRESH_AFTER_MS)
        setUploads((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(() => {
    if (!userId) return;
    const ctrl = new AbortController();
    const fromDevice = (message: string) => {
      const copy = cachedProgress(userId);
      setView((v) =>
        v.progress && !v.savedAt
          ? v
          : copy
            ? { progress: copy.progress, savedAt: copy.savedAt, message: null }
            : { progress: null, savedAt: null, message },
      );
    };
    if (isOffline()) fromDevice(OFFLINE_NO_COPY);
    const onOffline = () => fromDevice(OFFLINE_NO_COPY);
    window.addEventListener('offline', onOffline);
    fetchedAt.current = Date.now();
    getProgress(ctrl.signal).then(
      (progress) => {
        saveProgress(userId, progress);
        setView({ progress, savedAt: null, message: null });
      },
      (e: unknown) => {
        if ((e as Error).name !== 'AbortError') fromDevice(LOAD_FAILED);
      },
    );
    return () => {
      ctrl.abort();
      window.removeEventListener('offline', onOffline);
    };
  }, [userId, uploads]);
  return view;
}
