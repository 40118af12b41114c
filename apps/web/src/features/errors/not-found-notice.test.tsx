import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Toasts } from '../../lib/notifications/Toasts';
import { clearNotifications } from '../../lib/notifications/notifications';
import { useNotFoundNotice } from './not-found-notice';

afterEach(() => act(() => clearNotifications()));

function Shell() {
  useNotFoundNotice(useLocation().pathname);
  return (
    <Routes>
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      <Route path="/settings" element={<h1>Settings</h1>} />
      <Route path="*" element={<Navigate to="/dashboard" replace />} />
    </Routes>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Shell />
      <Toasts />
    </MemoryRouter>,
  );

describe('unknown paths (issue 17 item 4)', () => {
  it('land on the dashboard with a notice that the page does not exist', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'The page /no/such/page does not exist, so here is your dashboard.',
    );
  });
  it('Plugins, a module of the app without a page yet, is not called nonexistent', async () => {
    renderAt('/plugins');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Plugins are not available yet, so here is your dashboard.');
  });
  it('known pages say nothing', async () => {
    renderAt('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
