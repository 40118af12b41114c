import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionApi } from '../../lib/session/session-context';
import { AppShell } from './AppShell';

const session = {
  status: 'authenticated',
  user: { id: '1', username: 'robin', email: 'robin@example.org', firstName: 'Robin' },
  hasPermission: () => true,
  hasRole: () => true,
} as unknown as SessionApi;

/** The viewport: a phone (390 px wide, the sidebar a drawer) or a wide screen (side by side). */
function viewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderShell() {
  return render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/dashboard" element={<button type="button">Page action</button>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

const outside = () => [
  screen.getByRole('link', { name: 'Skip to content' }),
  screen.getByTestId('header-tools'),
  screen.getByRole('main'),
  screen.getByRole('navigation', { name: 'Mobile navigation' }),
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})), // the status line's readiness check: never answered here
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('AppShell drawer (phone)', () => {
  it('makes the page under the open drawer inert and keeps Tab inside it; Escape closes it', async () => {
    viewport(true);
    const user = userEvent.setup();
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Open sidebar' });
    outside().forEach((el) => expect(el).not.toHaveAttribute('inert'));

    await user.click(toggle);
    const drawer = screen.getByRole('navigation', { name: 'Modules' });
    expect(drawer).not.toHaveAttribute('inert');
    outside().forEach((el) => expect(el).toHaveAttribute('inert'));
    const links = within(drawer).getAllByRole('link');
    expect(links[0]).toHaveFocus(); // focus moves into the drawer

    expect(screen.getByRole('banner')).not.toHaveAttribute('inert'); // its menu button closes the drawer
    // Tab goes round the drawer's links and the menu button, never to the theme picker, the user menu or the page
    const close = screen.getByRole('button', { name: 'Close sidebar' });
    const ring = [...links, close];
    for (let i = 1; i <= ring.length; i++) {
      await user.tab();
      expect(ring[i % ring.length]).toHaveFocus();
    }
    await user.tab({ shift: true });
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Modules' })).toBeNull();
    outside().forEach((el) => expect(el).not.toHaveAttribute('inert'));
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('the menu button closes it again', async () => {
    viewport(true);
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('button', { name: 'Open sidebar' }));
    await user.click(screen.getByRole('button', { name: 'Close sidebar' }));
    expect(screen.queryByRole('navigation', { name: 'Modules' })).toBeNull();
    outside().forEach((el) => expect(el).not.toHaveAttribute('inert'));
  });

  it('a tap on the backdrop closes it and focus returns to the menu button', () => {
    viewport(true);
    const { container } = renderShell();
    const toggle = screen.getByRole('button', { name: 'Open sidebar' });
    fireEvent.click(toggle);
    fireEvent.click(container.querySelector('.drawer-backdrop')!);
    outside().forEach((el) => expect(el).not.toHaveAttribute('inert'));
    expect(toggle).toHaveFocus();
  });
});

describe('AppShell sidebar (wide screen)', () => {
  it('side by side with the page: nothing is inert and Tab is not held', async () => {
    viewport(false);
    const user = userEvent.setup();
    renderShell();
    const sidebar = screen.getByRole('navigation', { name: 'Modules' });
    expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).toBeNull();
    for (const el of [screen.getByRole('banner'), screen.getByRole('main')]) expect(el).not.toHaveAttribute('inert');
    const links = within(sidebar).getAllByRole('link');
    links[links.length - 1]!.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Page action' })).toHaveFocus();
  });
});
