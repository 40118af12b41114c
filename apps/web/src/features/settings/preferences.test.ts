import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearNotifications, useNotifications } from '../../lib/notifications/notifications';
import { initPreferences, setTheme, updateAccessibility, usePreferences } from './preferences';

const theme = () => document.documentElement.dataset.theme;

beforeEach(() => initPreferences());
afterEach(() => clearNotifications());

describe('one theme state (issue 17 item 5)', () => {
  it('the High contrast tick and the header picker are the same state, both ways', () => {
    const { result } = renderHook(() => usePreferences());
    act(() => setTheme('dark'));
    act(() => updateAccessibility({ highContrast: true }));
    expect(result.current.theme).toBe('high-contrast');
    expect(theme()).toBe('high-contrast');
    // unticking goes back to the theme chosen before
    act(() => updateAccessibility({ highContrast: false }));
    expect(result.current.theme).toBe('dark');
    expect(result.current.accessibility.highContrast).toBe(false);
    expect(theme()).toBe('dark');
    // choosing High Contrast in the picker ticks the box; choosing Light unticks it
    act(() => setTheme('high-contrast'));
    expect(result.current.accessibility.highContrast).toBe(true);
    act(() => setTheme('light'));
    expect(result.current.accessibility.highContrast).toBe(false);
    expect(theme()).toBe('light');
  });

  it('survives a reload as one state, the way it was left', () => {
    act(() => setTheme('dark'));
    act(() => updateAccessibility({ highContrast: true }));
    initPreferences();
    const { result } = renderHook(() => usePreferences());
    expect(result.current.theme).toBe('high-contrast');
    expect(result.current.accessibility.highContrast).toBe(true);
    act(() => updateAccessibility({ highContrast: false }));
    expect(result.current.theme).toBe('dark');
  });

  it('three quick theme changes leave one toast', () => {
    const { result } = renderHook(() => useNotifications());
    act(() => {
      setTheme('dark');
      setTheme('high-contrast');
      updateAccessibility({ fontSize: 'large' });
    });
    expect(result.current.map((n) => n.message)).toEqual(['Accessibility settings updated']);
  });
});
