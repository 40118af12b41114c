import { describe, expect, it, vi } from 'vitest';
import { createTransitionTracker } from './transitions';

describe('route transition tracker', () => {
  it('marks a transition finished 100 ms after rendering, and warns above 1000 ms', () => {
    vi.useFakeTimers();
    let t = 0;
    const root = document.createElement('html');
    const tr = createTransitionTracker({ now: () => t, root });
    const seen = vi.fn();
    tr.subscribe(seen);
    tr.start('/dashboard');
    expect(root.dataset.routeTransition).toBe('running');
    tr.rendered();
    vi.advanceTimersByTime(99);
    expect(root.dataset.routeTransition).toBe('running');
    t = 100;
    vi.advanceTimersByTime(1);
    expect(root.dataset.routeTransition).toBe('finished');
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ to: '/dashboard', durationMs: 100, slow: false }));
    tr.start('/asl-world');
    t = 1200;
    tr.rendered();
    t = 1300;
    vi.advanceTimersByTime(100);
    expect(tr.slow()).toHaveLength(1);
    expect(tr.history()[1]).toMatchObject({ from: '/dashboard', to: '/asl-world', slow: true });
    vi.useRealTimers();
  });

  it('does not finish while a placeholder holds it, and finishes 100 ms after the last is gone', () => {
    vi.useFakeTimers();
    let t = 0;
    const root = document.createElement('html');
    const tr = createTransitionTracker({ now: () => t, root });
    tr.start('/settings');
    const loader = tr.hold();
    const skeleton = tr.hold();
    tr.rendered();
    vi.advanceTimersByTime(1000);
    expect(root.dataset.routeTransition).toBe('running');
    loader();
    vi.advanceTimersByTime(1000);
    expect(root.dataset.routeTransition).toBe('running');
    t = 1500;
    skeleton();
    skeleton(); // a second release changes nothing
    vi.advanceTimersByTime(99);
    expect(root.dataset.routeTransition).toBe('running');
    t = 1600;
    vi.advanceTimersByTime(1);
    expect(root.dataset.routeTransition).toBe('finished');
    expect(tr.history()[0]).toMatchObject({ to: '/settings', durationMs: 1600, slow: true });
    // A hold that started before the page rendered also waits for the rendering.
    tr.start('/profile');
    tr.hold()();
    vi.advanceTimersByTime(500);
    expect(root.dataset.routeTransition).toBe('running');
    tr.rendered();
    vi.advanceTimersByTime(100);
    expect(root.dataset.routeTransition).toBe('finished');
    vi.useRealTimers();
  });

  it('keeps the last 50', () => {
    vi.useFakeTimers();
    const tr = createTransitionTracker({ root: null });
    for (let i = 0; i < 60; i++) {
      tr.start(`/p${i}`);
      tr.rendered();
      vi.advanceTimersByTime(100);
    }
    expect(tr.history()).toHaveLength(50);
    expect(tr.history()[0]!.to).toBe('/p10');
    vi.useRealTimers();
  });
});
