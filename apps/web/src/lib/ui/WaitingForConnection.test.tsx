import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WaitingForConnection } from './WaitingForConnection';

const TEXT = 'No connection: this will be saved when you are back online. Keep this page open until then.';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

afterEach(() => vi.restoreAllMocks());

describe('WaitingForConnection', () => {
  it('speaks only while a save waits for the connection', () => {
    const { rerender } = render(<WaitingForConnection pending={false} />);
    act(() => goOffline(true));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument(); // offline, but nothing waiting
    rerender(<WaitingForConnection pending />);
    expect(screen.getByRole('status')).toHaveTextContent(TEXT);
    act(() => goOffline(false));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });
});
