import { useEffect } from 'react';
import { notify } from '../../lib/notifications/notifications';

/** The signed-in pages of the route table (spec section 2); any other path redirects to the dashboard. */
export const SIGNED_IN_PATHS: readonly string[] = [
  '/dashboard',
  '/asl-world',
  '/harmony',
  '/reconnect',
  '/profile',
  '/settings',
  '/about-recognition',
];

/**
 * The notice on a path the route table sends to the dashboard. Plugins is one of the app's own
 * modules (in the sidebar and the bottom bar) without a page yet: it is not called nonexistent.
 */
export const notFoundMessage = (path: string) =>
  path === '/plugins'
    ? 'Plugins are not available yet, so here is your dashboard.'
    : `The page ${path} does not exist, so here is your dashboard.`;

/**
 * For the signed-in shell: on an unknown path (and /plugins, listed as a module but not a route),
 * which the route table redirects to the dashboard as the spec says, a short notice says that
 * the page does not exist (or, for Plugins, that it is not available yet).
 */
export function useNotFoundNotice(pathname: string): void {
  useEffect(() => {
    if (!SIGNED_IN_PATHS.includes(pathname))
      notify(notFoundMessage(pathname), 'info', 8000, undefined, { kind: 'not-found' });
  }, [pathname]);
}
