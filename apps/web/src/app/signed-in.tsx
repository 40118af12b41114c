/**
 * Everything only a signed-in learner sees, loaded as one chunk once a signed-in route renders
 * (and preloaded a few seconds after start-up): the shell (header, sidebar, bottom navigation),
 * Profile, Settings and the coming-soon modules. The Dashboard and ASL World have their own chunks.
 */
import { PERMISSIONS } from '@asl/protocol';
import { ChangePasswordForm } from '../features/auth/components/ChangePasswordForm';
import { ComingSoonPage, MODULES } from '../features/modules';
import {
  OfflineStoriesNote,
  OfflineStoryBadge,
  OfflineStoryReason,
  offlineStoryReasonId,
  reportLiveState,
} from '../features/connectivity';
import type { AslWorldProps } from '../features/practice';
import { AccessibilitySettingsForm } from '../features/settings';
import { RequireAuth } from './guards';
import { Lazy, lazyPage } from './lazy-page';

export { AppShell } from './shell/AppShell';
export { ProfilePage } from '../features/auth/pages/ProfilePage';

export function SettingsPage() {
  return (
    <section className="page narrow" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <AccessibilitySettingsForm />
      <ChangePasswordForm />
    </section>
  );
}

/** Harmony or Reconnect: the coming-soon page of that module. */
export function ModulePage({ id }: { id: string }) {
  return <ComingSoonPage module={MODULES.find((m) => m.id === id)!} />;
}

const AslWorldPage = lazyPage<typeof import('../features/practice'), AslWorldProps>(
  () => import('../features/practice'),
  (m) => m.AslWorldPage,
);

/** The offline feature's words for the story picker while offline. */
const OFFLINE_STORIES = {
  Note: OfflineStoriesNote,
  Reason: OfflineStoryReason,
  Badge: OfflineStoryBadge,
  reasonId: offlineStoryReasonId,
};

/**
 * ASL World: for those who may create content (spec section 2), in its own chunk. Its live socket
 * is reported to the sidebar's status.
 */
export function AslWorldRoute() {
  return (
    <RequireAuth permissions={[PERMISSIONS.createContent]}>
      <Lazy kind="asl-world" name="ASL World">
        <AslWorldPage onLiveState={reportLiveState} offlineStories={OFFLINE_STORIES} />
      </Lazy>
    </RequireAuth>
  );
}
