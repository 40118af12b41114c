import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthInitLoader, LOADING_TIPS, LoadingScreen, TIP_ROTATE_MS } from './LoadingScreen';

afterEach(() => vi.useRealTimers());

describe('LoadingScreen', () => {
  it('rotates tips and offers Refresh Page after 10000 ms', () => {
    vi.useFakeTimers();
    const onRefresh = vi.fn();
    render(<LoadingScreen onRefresh={onRefresh} />);
    expect(screen.getByText('Loading SignSpeak Platform...')).toBeInTheDocument();
    expect(screen.getByText(LOADING_TIPS[0])).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TIP_ROTATE_MS));
    expect(screen.getByText(LOADING_TIPS[1])).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(9999 - TIP_ROTATE_MS));
    expect(screen.queryByText('Loading is taking longer than expected')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Loading is taking longer than expected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(onRefresh).toHaveBeenCalled();
  });

  it('auth init loader says Initializing SignSpeak Platform', () => {
    render(<AuthInitLoader />);
    expect(screen.getByRole('status')).toHaveTextContent('Initializing SignSpeak Platform');
  });
});
