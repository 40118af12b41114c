import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { SessionContext, type SessionApi } from '../lib/session/session-context';

const signedOut: SessionApi = {
  status: 'unauthenticated',
  user: null,
  token: null,
  error: null,
  errorType: null,
  retryAllowed: false,
  retryCount: 0,
  submitting: false,
  login: async () => false,
  register: async () => false,
  retryLogin: async () => false,
  logout: async () => undefined,
  setUser: () => undefined,
  clearError: () => undefined,
  hasPermission: () => false,
  hasRole: () => false,
};

/**
 * The sign-in page as static HTML, made at build time (see vite.config.ts) and served in the
 * `#root` of /login, so the page paints before its script has loaded; the script's first render
 * replaces it with the live page (main.tsx renders synchronously, before DOMContentLoaded).
 * The inputs lose their `name`, so a form sent before the script ran carries no password.
 */
export function renderLoginShell(): string {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={['/login']}>
      <SessionContext.Provider value={signedOut}>
        <LoginPage />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return html.replace(/(<input\b[^>]*?)\sname="[^"]*"/g, '$1');
}
