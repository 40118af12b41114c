import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveSocketSnapshot } from '../../../lib/live/socket';
import { ConnectionError } from './ConnectionStatus';

const gaveUp = {
  state: 'error',
  reconnectAttempts: 5,
  maxReconnectAttempts: 5,
  error: { type: 'MAX_RECONNECT_ATTEMPTS', message: 'Max reconnection attempts (5) reached.', timestamp: 0 },
} as unknown as LiveSocketSnapshot;

describe('ConnectionError', () => {
  it('is an alert with the socket error when nothing goes on meanwhile', () => {
    render(<ConnectionError snapshot={gaveUp} onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Connection ErrorMax reconnection attempts (5) reached.');
  });
  it('is a quiet note, saying practice goes on, while a story is practised on the device', () => {
    const retry = vi.fn();
    render(<ConnectionError calm snapshot={gaveUp} onRetry={retry} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent('Connection Error');
    expect(note).toHaveTextContent('Your practice goes on on this device and is saved');
    expect(note).not.toHaveTextContent('Max reconnection attempts');
    fireEvent.click(screen.getByRole('button', { name: 'Retry Connection' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
