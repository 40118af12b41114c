import { NOTIFICATION_DEFAULT_DURATION_MS } from '@asl/protocol';
import { useSyncExternalStore } from 'react';

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export interface Notification {
  id: string;
  message: string;
  type: NotificationType;
  timestamp: number;
  duration: number;
  /** An optional button on the toast (for example Reload for "A new version is ready"). */
  action?: NotificationAction;
  /** At most one toast of a kind is shown: a new one replaces the previous one. */
  kind: string;
}

export interface NotificationAction {
  label: string;
  run: () => void;
}

type Listener = () => void;
let items: Notification[] = [];
const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let seq = 0;

function emit(): void {
  for (const l of listeners) l();
}

/**
 * Shows a toast; it dismisses itself after 5000 ms unless another duration is given (0 = stays).
 * One toast at a time per kind: a new toast replaces the shown one of the same `kind` (by default
 * its type and message, so the same toast never stacks; settings toasts share the kind `preferences`).
 */
export function notify(
  message: string,
  type: NotificationType = 'info',
  duration = NOTIFICATION_DEFAULT_DURATION_MS,
  action?: NotificationAction,
  options: { kind?: string } = {},
): string {
  const id = `n${Date.now().toString(36)}${(seq++).toString(36)}`;
  const kind = options.kind ?? `${type}:${message}`;
  for (const old of items.filter((n) => n.kind === kind)) {
    clearTimeout(timers.get(old.id));
    timers.delete(old.id);
  }
  items = [
    ...items.filter((n) => n.kind !== kind),
    { id, message, type, timestamp: Date.now(), duration, kind, ...(action ? { action } : {}) },
  ];
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  emit();
  return id;
}

export function dismiss(id: string): void {
  const t = timers.get(id);
  if (t) clearTimeout(t);
  timers.delete(id);
  const next = items.filter((n) => n.id !== id);
  if (next.length !== items.length) {
    items = next;
    emit();
  }
}

export function clearNotifications(): void {
  for (const id of [...timers.keys()]) dismiss(id);
  items = [];
  emit();
}

function subscribe(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useNotifications(): Notification[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}
