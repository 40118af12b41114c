import { render } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const queued: Array<[string, unknown]> = [];
vi.mock('../../lib/outbox', () => ({
  queueAnalyticsEvent: async (type: string, data: unknown) => {
    queued.push([type, data]);
    return true;
  },
  syncAll: async () => {},
}));
const { useOfflineSupport } = await import('./use-offline-support');

function Views() {
  useOfflineSupport(useLocation().pathname, true);
  return null;
}

describe('useOfflineSupport page views', () => {
  beforeEach(() => {
    queued.length = 0;
  });
  it('records one view for the Dashboard link: `/` redirects and is not a view of its own', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Views />
        <Routes>
          <Route path="/" element={<Navigate to="/dashboard" replace />} />
          <Route path="/dashboard" element={<p>Dashboard</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(queued).toEqual([['page_view', { path: '/dashboard' }]]));
  });
  it('records each other path shown', async () => {
    render(
      <MemoryRouter initialEntries={['/asl-world']}>
        <Views />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(queued).toEqual([['page_view', { path: '/asl-world' }]]));
  });
});
