import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionContext, type SessionApi } from '../../lib/session/session-context';
import { UserMenu } from './UserMenu';

function session(over: Partial<SessionApi>): SessionApi {
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
    register: async () => true,
    retryLogin: async () => true,
    logout: async () => {},
    setUser: () => {},
    clearError: () => {},
    hasPermission: () => true,
    hasRole: () => true,
    ...over,
  };
}

function renderMenu(s: SessionApi) {
  return render(
    <SessionContext.Provider value={s}>
      <MemoryRouter>
        <UserMenu />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

describe('UserMenu', () => {
  it('shows a Login button when signed out', () => {
    renderMenu(session({}));
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('is keyboard operable: arrows move, Escape closes and returns focus', () => {
    const user = { id: '1', username: 'robin', email: 'robin@example.org', firstName: 'Robin' };
    renderMenu(session({ status: 'authenticated', user: user as SessionApi['user'] }));
    const button = screen.getByRole('button', { name: /Robin/ });
    fireEvent.click(button);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Profile', 'Settings', 'Logout']);
    expect(items[0]).toHaveFocus();
    expect(screen.getByRole('menu')).toHaveTextContent('robin@example.org');
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(items[1]).toHaveFocus();
    fireEvent.keyDown(items[1]!, { key: 'End' });
    expect(items[2]).toHaveFocus();
    fireEvent.keyDown(items[2]!, { key: 'ArrowDown' });
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(items[2]).toHaveFocus();
    fireEvent.keyDown(items[2]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });
});
