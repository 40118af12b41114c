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
      if (timer !== null) clearTimer(timer);
      timer = null;
      current = { from: last, to, startedAt: now(), durationMs: null, slow: false };
      last = to;
      if (root) root.dataset.routeTransition = 'running';
    },
    /** The new page rendered: the transition is marked finished 100 ms later. */
    rendered(): void {
      if (!current) return;
      if (timer !== null) clearTimer(timer);
      timer = setTimer(finish, finishMs);
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
