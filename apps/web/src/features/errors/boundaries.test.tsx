import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { browser } from './browser';
import { AppErrorBoundary, AuthErrorBoundary, ComponentErrorBoundary, NetworkErrorBoundary } from './boundaries';

/** Throws while `broken` is set; counts the renders that threw. */
let broken = false;
let thrown = 0;
let makeError: () => unknown = () => new Error('boom');
function Flaky() {
  if (broken) {
    thrown++;
    throw makeError();
  }
  return <p>Loaded fine</p>;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  broken = false;
  thrown = 0;
  vi.restoreAllMocks();
  vi.useRealTimers();
  makeError = () => new Error('boom');
});

describe('AppErrorBoundary (generic)', () => {
  it('shows the default screen; Try Again resets; disabled as Max Retries Reached after 3', () => {
    broken = true;
    render(
      <AppErrorBoundary>
        <Flaky />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', 'mailto:support@localhost');
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    const maxed = screen.getByRole('button', { name: 'Max Retries Reached' });
    expect(maxed).toBeDisabled();
  });

  it('recovers when the retry succeeds, and shows and hides the details', () => {
    broken = true;
    render(
      <AppErrorBoundary>
        <Flaky />
      </AppErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show Details' }));
    expect(screen.getByText('Message')).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
    expect(screen.getByText('Stack')).toBeInTheDocument();
    expect(screen.getByText('Component')).toBeInTheDocument();
    expect(screen.getByText('Timestamp')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Details' }));
    expect(screen.queryByText('Timestamp')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(browser.reload).toHaveBeenCalled();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Loaded fine')).toBeInTheDocument();
  });
});

describe('NetworkErrorBoundary', () => {
  it('retries automatically after 1, 2 and 4 s, then stops', () => {
    vi.useFakeTimers();
    makeError = () => new ApiError(0, 'NETWORK', 'Failed to fetch');
    broken = true;
    render(
      <NetworkErrorBoundary>
        <Flaky />
      </NetworkErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Connection Error' })).toBeInTheDocument();
    expect(screen.getByText('Trying again automatically in 1 s.')).toBeInTheDocument();
    const before = thrown;
    act(() => vi.advanceTimersByTime(999));
    expect(thrown).toBe(before);
    act(() => vi.advanceTimersByTime(1));
    expect(thrown).toBeGreaterThan(before);
    expect(screen.getByText('Trying again automatically in 2 s.')).toBeInTheDocument();
    const afterFirst = thrown;
    act(() => vi.advanceTimersByTime(1999));
    expect(thrown).toBe(afterFirst);
    act(() => vi.advanceTimersByTime(1));
    expect(thrown).toBeGreaterThan(afterFirst);
    expect(screen.getByText('Trying again automatically in 4 s.')).toBeInTheDocument();
    const afterSecond = thrown;
    act(() => vi.advanceTimersByTime(4000));
    expect(thrown).toBeGreaterThan(afterSecond);
    const afterThird = thrown;
    act(() => vi.advanceTimersByTime(60_000));
    expect(thrown).toBe(afterThird);
    expect(screen.getByRole('button', { name: 'Max Retries Reached' })).toBeDisabled();
  });

  it('passes other errors to the boundary above', () => {
    broken = true;
    render(
      <AppErrorBoundary>
        <NetworkErrorBoundary>
          <Flaky />
        </NetworkErrorBoundary>
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
  });
});

describe('ComponentErrorBoundary', () => {
  it("names the component and offers 'Reload Application' after 2 resets", () => {
    broken = true;
    render(
      <ComponentErrorBoundary name="Progress">
        <Flaky />
      </ComponentErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Failed to Load Progress' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    const reload = screen.getByRole('button', { name: 'Reload Application' });
    expect(browser.reload).not.toHaveBeenCalled();
    fireEvent.click(reload);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });
});

describe('a part of the app whose file is gone after a deploy', () => {
  it('shows Loading Error and reloads the page once, after 1 s (not again if the reload did not help)', () => {
    vi.useFakeTimers();
    sessionStorage.clear();
    broken = true;
    makeError = () => new TypeError('Unable to preload CSS for /assets/AboutRecognitionPage-x1.css');
    const first = render(
      <ComponentErrorBoundary name="About recognition">
        <Flaky />
      </ComponentErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Loading Error' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(999));
    expect(browser.reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(browser.reload).toHaveBeenCalledTimes(1);
    first.unmount();
    // the same error after that reload: no loop, the learner keeps the screen and its buttons
    render(
      <ComponentErrorBoundary name="About recognition">
        <Flaky />
      </ComponentErrorBoundary>,
    );
    act(() => vi.advanceTimersByTime(5_000));
    expect(browser.reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });
});

describe('AuthErrorBoundary', () => {
  it('clears the stored auth and goes to /login on reset', () => {
    localStorage.setItem('auth_token', 't');
    localStorage.setItem('theme_settings', '{"name":"dark"}');
    makeError = () => new ApiError(401, 'UNAUTHENTICATED', 'expired');
    broken = true;
    render(
      <AuthErrorBoundary>
        <Flaky />
      </AuthErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In Again' }));
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('theme_settings')).not.toBeNull();
    expect(browser.assign).toHaveBeenCalledWith('/login');
  });
});

describe('resetKeys', () => {
  it('clear the error when the key changes', () => {
    broken = true;
    function Host() {
      const [k, setK] = useState(0);
      return (
        <>
          <button onClick={() => setK(k + 1)}>next</button>
          <ComponentErrorBoundary name="X" resetKeys={[k]}>
            <Flaky />
          </ComponentErrorBoundary>
        </>
      );
    }
    render(<Host />);
    expect(screen.getByRole('heading', { name: 'Failed to Load X' })).toBeInTheDocument();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByText('Loaded fine')).toBeInTheDocument();
  });
});
