import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorScreen } from './RouteErrorScreen';

let broken = true;
function Page() {
  if (broken) throw new Error('page exploded');
  return <h1>Page is fine</h1>;
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  broken = true;
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <h1>Dashboard home</h1> },
      { path: '/broken', element: <Page />, errorElement: <RouteErrorScreen /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteErrorScreen', () => {
  it('shows the error screen with Go to Dashboard', async () => {
    const router = renderAt('/broken');
    expect(await screen.findByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('Try Again renders the route again', async () => {
    renderAt('/broken');
    await screen.findByRole('heading', { name: 'Something Went Wrong' });
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Page is fine' })).toBeInTheDocument();
  });
});

describe('support address', () => {
  it('comes from VITE_SUPPORT_EMAIL', async () => {
    vi.stubEnv('VITE_SUPPORT_EMAIL', 'help@signspeak.test');
    const { supportEmail } = await import('./browser');
    expect(supportEmail()).toBe('help@signspeak.test');
    vi.unstubAllEnvs();
    expect(supportEmail()).toBe('support@localhost');
  });
});
