export { startOffline, UPDATE_RELOAD_LABEL } from './start';
export { useOfflineSupport } from './use-offline-support';
export { SystemStatus } from './SystemStatus';
export { reportLiveState, type LiveState } from './system-status';
export { OfflineStoriesNote, OfflineStoryBadge, OfflineStoryReason, offlineStoryReasonId } from './OfflineStories';
