import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@asl/protocol';
import { SessionContext, type SessionApi } from '../../../lib/session/session-context';
import { ProfilePage } from './ProfilePage';

const user: User = {
  id: 'u1',
  username: 'robin',
  email: 'robin@example.org',
  firstName: 'Rob',
  lastName: '',
  roles: [],
  permissions: [],
};

// the server's answer: it trims names (the real route is tested in auth.int.test.ts)
vi.mock('../api/update-profile', () => ({
  updateProfile: vi.fn(async (patch: { firstName: string; lastName: string; username: string }) => ({
    ...user,
    firstName: patch.firstName.trim(),
    lastName: patch.lastName.trim(),
    username: patch.username.trim(),
  })),
}));

describe('ProfilePage', () => {
  it('shows what was saved after saving: names as the server trimmed them', async () => {
    const setUser = vi.fn();
    const session = { status: 'authenticated', user, setUser } as unknown as SessionApi;
    render(
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </SessionContext.Provider>,
    );
    const first = screen.getByLabelText(/First name/);
    await userEvent.clear(first);
    await userEvent.type(first, '  Robin  ');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    await vi.waitFor(() => expect(setUser).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Robin' })));
    expect(first).toHaveValue('Robin');
  });
});
