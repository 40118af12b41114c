import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionApi } from '../../../lib/session/session-context';
import { RegisterPage } from './RegisterPage';

function session(over: Partial<SessionApi> = {}): SessionApi {
  return {
    status: 'unauthenticated',
    user: null,
    token: null,
    error: null,
    errorType: null,
    retryAllowed: false,
    retryCount: 0,
    submitting: false,
    login: async () => true,
    register: vi.fn(async () => true),
    retryLogin: async () => true,
    logout: async () => {},
    setUser: () => {},
    clearError: () => {},
    hasPermission: () => true,
    hasRole: () => true,
    ...over,
  };
}

function renderPage(s = session()) {
  render(
    <SessionContext.Provider value={s}>
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
  return s;
}

const password = () => screen.getByLabelText('Password', { exact: true });

describe('RegisterPage (issue 17 item 7)', () => {
  it("starts clean: a failed sign-in's error is cleared, not shown here", () => {
    const clearError = vi.fn();
    renderPage(session({ clearError }));
    expect(clearError).toHaveBeenCalledOnce();
  });

  it('moves focus to the first invalid field after a failed submit and flags an empty confirm field', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('Username'), 'robin_signs');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Type the password again to confirm it.',
    );
  });

  it('says while typing that a common password or the username is refused, and does not submit it', async () => {
    const s = renderPage();
    await userEvent.type(screen.getByLabelText('Username'), 'robin_signs');
    await userEvent.type(screen.getByLabelText('Email'), 'robin@example.org');
    await userEvent.type(password(), 'password');
    expect(await screen.findByText(/one of the most common passwords/)).toBeVisible();
    await userEvent.clear(password());
    await userEvent.type(password(), 'robin_signs');
    expect(await screen.findByText(/must not be your username/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Confirm password'), 'robin_signs');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(s.register).not.toHaveBeenCalled();
    expect(password()).toHaveFocus();
  });

  it('shows a strength hint, and the hint and the error never say the same thing twice', async () => {
    const s = renderPage();
    expect(password()).toHaveAccessibleDescription(/Use at least 8 characters/);
    await userEvent.type(password(), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(password()).toHaveAccessibleDescription('Password must be at least 8 characters.');
    expect(screen.getAllByText(/at least 8 characters/)).toHaveLength(1);
    await userEvent.clear(password());
    await userEvent.type(password(), 'otters hold hands at night');
    expect(await screen.findByText('Strength: Strong')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Username'), 'robin_signs');
    await userEvent.type(screen.getByLabelText('Email'), 'robin@example.org');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'otters hold hands at night');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(s.register).toHaveBeenCalledOnce();
  });

  it('keeps a first name to 64 characters and registers with it (a longer one used to stop the form without a word)', async () => {
    const s = renderPage();
    const first = screen.getByLabelText('First name (optional)');
    await userEvent.type(first, 'M'.repeat(100));
    expect(first).toHaveValue('M'.repeat(64));
    await userEvent.type(screen.getByLabelText('Username'), 'robin_signs');
    await userEvent.type(screen.getByLabelText('Email'), 'robin@example.org');
    await userEvent.type(password(), 'fingers-spell-words');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'fingers-spell-words');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(s.register).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'M'.repeat(64) }));
  });
});
