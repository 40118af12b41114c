import { useEffect } from 'react';
import { queueAnalyticsEvent, syncAll } from '../../lib/outbox';

/**
 * For the signed-in learner: replays the offline queues on sign-in (records made before a
 * sign-out wait for their own learner), and records first-party page views: one `page_view`
 * event per path shown (not `/`, which redirects), queued under the `analytics` sync tag (sent in batches, replayed after
 * offline). Signed-out page views (login, registration) are not recorded: the events endpoint
 * is authenticated.
 */
export function useOfflineSupport(pathname: string, signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) void syncAll();
  }, [signedIn]);
  useEffect(() => {
    // `/` only redirects (to /dashboard): the Dashboard link's path (spec section 2) is not a view of its own
    if (signedIn && pathname !== '/') void queueAnalyticsEvent('page_view', { path: pathname });
  }, [pathname, signedIn]);
}
