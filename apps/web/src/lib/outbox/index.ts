/**
 * Offline support shared by the features: the IndexedDB store of offline records, the outbox
 * queues replayed under the sync tags `practice-data` (with learners' feedback reports) and
 * `analytics`, and the sync trigger.
 */
export { offlineStore, type OfflineRecord } from './store';
export { flushOutbox, newClientId, queueAnalyticsEvent, queuePracticeData } from './outbox';
export { currentUserId, onFlushed, pendingRecords, type FlushResult, type OutboxItem } from './common';
export { queueFeedbackReport, sendFeedbackReport, type QueuedFeedbackReport } from './feedback-reports';
export { startOfflineSync, syncAll, syncNow } from './sync';
export { registerServiceWorker } from './register-sw';
