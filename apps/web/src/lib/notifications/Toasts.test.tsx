import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearNotifications, notify } from './notifications';
import { Toasts } from './Toasts';

afterEach(() => clearNotifications());

describe('Toasts', () => {
  it('shows an action button that runs the action, and a toast with duration 0 stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const run = vi.fn();
    render(<Toasts />);
    act(() => {
      notify('A new version is ready', 'info', 0, { label: 'Reload', run });
    });
    act(() => vi.advanceTimersByTime(60_000));
    vi.useRealTimers();
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(run).toHaveBeenCalledOnce();
  });
});
