export { startOffline, UPDATE_RELOAD_LABEL } from './start';
export { useOfflineSupport } from './use-offline-support';
