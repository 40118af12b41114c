import type { SyncTag } from '@asl/protocol';
import { ApiError } from '../api/api-error';
import { tokenStore } from '../api/tokens';
import { offlineStore, type OfflineRecord } from './store';

/**
 * What the outbox's queues share: the record shape and key, whose records a session may upload,
 * how a flush counts, which server answers end a record, and the "something was queued" and
 * "something was uploaded" signals.
 */
export interface OutboxItem<T> {
  tag: SyncTag;
  /** The learner who made the record; only that learner's session uploads it. */
  user_id: string;
  /** What the record is, when a tag carries more than one kind (absent: the tag's own upload). */
  kind?: 'feedback-report';
  body: T;
}

export const outboxKey = (tag: SyncTag, clientId: string) => `outbox:${tag}:${clientId}`;

export function currentUserId(): string | null {
  return tokenStore.access() ? (tokenStore.user()?.id ?? null) : null;
}

export interface FlushResult {
  sent: number;
  dropped: number;
  /** Records still queued for this learner (network down, server busy, session expired). */
  kept: number;
}

/** A 4xx other than 401/408/429: the server will never accept this record, so keeping it is pointless. */
export const isPermanent = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && ![401, 408, 429].includes(err.status);

/** The outbox retries by itself: one try, never queued inside the call. */
export const once = { retry: false, queueOffline: false } as const;

type Listener = (tag: SyncTag) => void;
const queuedListeners = new Set<Listener>();
/** Called after something is queued (the sync trigger listens). */
export function onQueued(fn: Listener): () => void {
  queuedListeners.add(fn);
  return () => queuedListeners.delete(fn);
}
export const notifyQueued = (tag: SyncTag) => queuedListeners.forEach((fn) => fn(tag));

type FlushedListener = (tag: SyncTag, result: FlushResult) => void;
const flushedListeners = new Set<FlushedListener>();
/**
 * Called after a flush that uploaded something: what was practised offline is on the server now,
 * so a view of the learner's progress fetches it again (the dashboard listens).
 */
export function onFlushed(fn: FlushedListener): () => void {
  flushedListeners.add(fn);
  return () => flushedListeners.delete(fn);
}
export const notifyFlushed = (tag: SyncTag, result: FlushResult) => flushedListeners.forEach((fn) => fn(tag, result));

/** What is queued for a tag (all learners), oldest first. */
export async function pendingRecords<T>(tag: SyncTag): Promise<OfflineRecord<OutboxItem<T>>[]> {
  return (await offlineStore.list<OutboxItem<T>>(`outbox:${tag}:`)).sort((a, b) => a.timestamp - b.timestamp);
}
