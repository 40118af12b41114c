import { useEffect } from 'react';
import { ROUTE_TRANSITION_FINISH_MS, ROUTE_TRANSITION_WARNING_MS, ROUTE_TRANSITIONS_KEPT } from '@asl/protocol';

/** A route transition: from start to the moment it is marked finished. */
export interface Transition {
  from: string | null;
  to: string;
  startedAt: number;
  durationMs: number | null;
  slow: boolean;
}

type Listener = (t: Transition) => void;

/**
 * Marks route transitions on <html data-route-transition="running|finished"> and keeps
 * the last 50 (ROUTE_TRANSITIONS_KEPT); a transition is finished 100 ms after its page rendered.
 * A placeholder on screen (the start-up loader, a page's skeleton while its chunk loads) holds
 * the transition: its page has not rendered until the last placeholder is gone.
 */
export function createTransitionTracker(
  opts: {
    now?: () => number;
    root?: HTMLElement | null;
    finishMs?: number;
    keep?: number;
    warnAboveMs?: number;
    setTimer?: (cb: () => void, ms: number) => unknown;
    clearTimer?: (t: unknown) => void;
  } = {},
) {
  const now = opts.now ?? (() => performance.now());
  const root =
    opts.root === undefined ? (typeof document === 'undefined' ? null : document.documentElement) : opts.root;
  const finishMs = opts.finishMs ?? ROUTE_TRANSITION_FINISH_MS;
  const keep = opts.keep ?? ROUTE_TRANSITIONS_KEPT;
  const warnAbove = opts.warnAboveMs ?? ROUTE_TRANSITION_WARNING_MS;
  const setTimer = opts.setTimer ?? ((cb, ms) => setTimeout(cb, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const history: Transition[] = [];
  const listeners = new Set<Listener>();
  let current: Transition | null = null;
  let timer: unknown = null;
  let last: string | null = null;
  let holds = 0;
  let renderedSeen = false;

  const stopTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  /** Finishes 100 ms from now once the page has rendered and no placeholder holds it. */
  const finishWhenReady = () => {
    stopTimer();
    if (current && renderedSeen && holds === 0) timer = setTimer(finish, finishMs);
  };
  const finish = () => {
    timer = null;
    if (!current) return;
    current.durationMs = now() - current.startedAt;
    current.slow = current.durationMs > warnAbove;
    history.push(current);
    if (history.length > keep) history.splice(0, history.length - keep);
    if (root) root.dataset.routeTransition = 'finished';
    const done = current;
    current = null;
    for (const l of listeners) l(done);
  };

  return {
    /** A navigation to `to` started. */
    start(to: string): void {
      stopTimer();
      current = { from: last, to, startedAt: now(), durationMs: null, slow: false };
      renderedSeen = false;
      last = to;
      if (root) root.dataset.routeTransition = 'running';
    },
    /** The new page rendered: the transition is marked finished 100 ms later (or 100 ms after the last hold ends). */
    rendered(): void {
      if (!current) return;
      renderedSeen = true;
      finishWhenReady();
    },
    /**
     * A placeholder is on screen instead of the page: the transition cannot finish until the
     * returned release is called (once; later calls do nothing).
     */
    hold(): () => void {
      holds++;
      stopTimer();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        finishWhenReady();
      };
    },
    history: (): readonly Transition[] => history,
    slow: (): Transition[] => history.filter((t) => t.slow),
    subscribe(l: Listener): () => void {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export type TransitionTracker = ReturnType<typeof createTransitionTracker>;

/** The app's tracker. */
export const transitions = createTransitionTracker();

/** Holds the app's current route transition open while the calling placeholder is mounted. */
export function useTransitionHold(): void {
  useEffect(() => transitions.hold(), []);
}
