import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MODULES, headerPlaceForPath } from './modules';
import { ModuleNavLink } from './ModuleNavLink';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      {MODULES.map((m) => (
        <ModuleNavLink key={m.id} module={m}>
          {m.name}
        </ModuleNavLink>
      ))}
    </MemoryRouter>,
  );

describe('module links (issue 17 item 4)', () => {
  it('mark the Dashboard current at /dashboard and at /, and nothing else', () => {
    for (const path of ['/dashboard', '/']) {
      const { unmount } = renderAt(path);
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
      expect(screen.getAllByRole('link').filter((l) => l.getAttribute('aria-current'))).toHaveLength(1);
      unmount();
    }
  });
  it('mark a module current on its own path and below it', () => {
    renderAt('/asl-world');
    expect(screen.getByRole('link', { name: 'ASL World' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });
  it('name Settings and Profile in the header, as pages', () => {
    expect(headerPlaceForPath('/settings')).toEqual({ kind: 'page', name: 'Settings' });
    expect(headerPlaceForPath('/profile')).toEqual({ kind: 'page', name: 'Profile' });
    expect(headerPlaceForPath('/about-recognition')).toEqual({ kind: 'page', name: 'About recognition' });
    expect(headerPlaceForPath('/dashboard')).toEqual({ kind: 'module', name: 'Dashboard' });
    expect(headerPlaceForPath('/nowhere')).toBeNull();
  });
});
