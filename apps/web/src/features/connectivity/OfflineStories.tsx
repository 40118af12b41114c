import { WifiOff } from 'lucide-react';
import './offline.css';

/**
 * ASL World while offline (issue 17 item 6): which stories can be practised on this device, and
 * why the others cannot. For the story picker: `OfflineStoriesNote` above the list, and on each
 * story that was never opened online, `offlineStoryReasonId(id)` as the Start button's
 * aria-describedby with `<OfflineStoryReason id=… />` under it.
 */
export function OfflineStoriesNote({ titles }: { titles: string[] }) {
  return (
    <div className="offline-stories" role="status">
      <WifiOff size={18} aria-hidden="true" />
      <p>
        {titles.length === 0
          ? 'You are offline, and no story has been saved on this device yet. Open a story once while online to practise it offline.'
          : `You are offline. ${titles.length === 1 ? 'This story is' : 'These stories are'} saved on this device and can be practised: ${titles.join(', ')}. Topics need a connection.`}
      </p>
    </div>
  );
}

export const offlineStoryReasonId = (storyId: string) => `offline-reason-${storyId}`;

export function OfflineStoryReason({ storyId }: { storyId: string }) {
  return (
    <p id={offlineStoryReasonId(storyId)} className="offline-reason">
      Not on this device yet: open it once while online to practise it offline.
    </p>
  );
}

export function OfflineStoryBadge() {
  return <span className="badge offline-badge">On this device</span>;
}
