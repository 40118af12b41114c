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

describe('one toast at a time per kind (issue 17 item 5)', () => {
  it('a new toast of a kind replaces the shown one; other kinds stay', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useNotifications());
    act(() => {
      notify('Upload failed', 'error');
      notify('Theme changed to Dark', 'success', undefined, undefined, { kind: 'preferences' });
      notify('Theme changed to High Contrast', 'success', undefined, undefined, { kind: 'preferences' });
      notify('Theme changed to Light', 'success', undefined, undefined, { kind: 'preferences' });
      notify('Upload failed', 'error');
    });
    expect(result.current.map((n) => n.message)).toEqual(['Theme changed to Light', 'Upload failed']);
    // the replaced toasts' timers are gone: the survivors leave on their own schedule
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toEqual([]);
  });
});
