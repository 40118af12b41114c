import type { AslFeedbackData } from '@asl/protocol';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedbackToShow, useHeldFeedback } from './held-feedback';

const fb = (correct: boolean, target: string): AslFeedbackData => ({
  target,
  detected: target,
  confidence: 0.9,
  correct,
  hint: correct ? `That's ${target}. Well done!` : 'Straighten your index and middle fingers',
  held_ms: 400,
  kind: 'attempt',
  counted: true,
});

describe('feedbackToShow', () => {
  const praise = fb(true, 'S');
  const next = fb(false, 'U');
  it('keeps praise for 1.5 s before a correction replaces it', () => {
    expect(feedbackToShow({ feedback: praise, since: 1000 }, next, 1500)).toEqual({ feedback: praise, waitMs: 1000 });
    expect(feedbackToShow({ feedback: praise, since: 1000 }, next, 2500)).toEqual({ feedback: next, waitMs: 0 });
  });
  it('shows new praise, a correction after a correction, and a clear at once', () => {
    expect(feedbackToShow({ feedback: praise, since: 1000 }, fb(true, 'U'), 1100).feedback?.target).toBe('U');
    expect(feedbackToShow({ feedback: next, since: 1000 }, fb(false, 'U'), 1100).waitMs).toBe(0);
    expect(feedbackToShow({ feedback: praise, since: 1000 }, null, 1100)).toEqual({ feedback: null, waitMs: 0 });
  });
});

describe('useHeldFeedback', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());
  it('shows the praise, then the next feedback once 1.5 s have passed', () => {
    const praise = fb(true, 'S');
    const next = fb(false, 'U');
    const { result, rerender } = renderHook(({ f }) => useHeldFeedback(f), { initialProps: { f: praise } });
    expect(result.current).toBe(praise);
    act(() => vi.advanceTimersByTime(500));
    rerender({ f: next });
    expect(result.current).toBe(praise);
    act(() => vi.advanceTimersByTime(900));
    expect(result.current).toBe(praise);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(next);
  });
});

describe('useHeldFeedback, with a timer that fires a little early by the page clock', () => {
  let now = 0;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(performance, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  it('waits again for the rest, and shows the next feedback', () => {
    const praise = fb(true, 'S');
    const next = fb(false, 'U');
    now = 0;
    const { result, rerender } = renderHook(({ f }) => useHeldFeedback(f), { initialProps: { f: praise } });
    now = 500;
    rerender({ f: next });
    now = 1499.5; // the 1000 ms timer fires, but the page clock is half a millisecond short
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(praise);
    now = 1501;
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(next);
  });
});
