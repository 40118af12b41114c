import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications, dismiss, notify } from './notifications';
import { renderHook, act } from '@testing-library/react';
import { useNotifications } from './notifications';

afterEach(() => {
  clearNotifications();
  vi.useRealTimers();
});

describe('notifications', () => {
  it('auto-dismiss after 5000 ms unless another duration is given', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useNotifications());
    act(() => {
      notify('hello');
      notify('sticky', 'warning', 10_000);
    });
    expect(result.current.map((n) => n.message)).toEqual(['hello', 'sticky']);
    expect(result.current[0]).toMatchObject({ type: 'info', duration: 5000 });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.map((n) => n.message)).toEqual(['sticky']);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toEqual([]);
  });
  it('dismisses by id', () => {
    const { result } = renderHook(() => useNotifications());
    let id = '';
    act(() => {
      id = notify('x', 'error');
    });
    act(() => dismiss(id));
    expect(result.current).toEqual([]);
  });
});
