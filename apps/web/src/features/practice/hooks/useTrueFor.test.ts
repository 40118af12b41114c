import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTrueFor } from './useTrueFor';

describe('useTrueFor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns true only once the flag has held for the whole time, and false at once when it drops', () => {
    const { result, rerender } = renderHook(({ flag }) => useTrueFor(flag, 2_000), { initialProps: { flag: true } });
    act(() => vi.advanceTimersByTime(1_999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ flag: false });
    expect(result.current).toBe(false);
    // a break starts the wait again
    rerender({ flag: true });
    act(() => vi.advanceTimersByTime(1_500));
    rerender({ flag: false });
    rerender({ flag: true });
    act(() => vi.advanceTimersByTime(1_500));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(true);
  });
});
