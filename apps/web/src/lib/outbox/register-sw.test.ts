import { afterEach, describe, expect, it, vi } from 'vitest';

type Handler = () => void;
const wb = vi.hoisted(() => ({
  handlers: new Map<string, Handler[]>(),
  register: vi.fn(async () => undefined as unknown),
  url: '',
}));
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      wb.url = url;
    }
    addEventListener(type: string, fn: Handler) {
      wb.handlers.set(type, [...(wb.handlers.get(type) ?? []), fn]);
    }
    register = wb.register;
  },
}));

import { activateWaitingVersion, registerServiceWorker, UPDATE_RELOAD_FALLBACK_MS } from './register-sw';

const fire = (type: string) => wb.handlers.get(type)?.forEach((fn) => fn());

afterEach(() => {
  wb.handlers.clear();
  wb.register.mockClear();
  vi.restoreAllMocks();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('registerServiceWorker', () => {
  it('registers /sw.js and offers the waiting version, which activates on request', async () => {
    const waiting = { postMessage: vi.fn() };
    const listeners = new Map<string, () => void>();
    Object.defineProperty(navigator, 'serviceWorker', {
      value: {
        getRegistration: async () => ({ waiting }),
        addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
        removeEventListener: vi.fn(),
      },
      configurable: true,
    });
    const onUpdate = vi.fn();
    await registerServiceWorker(onUpdate);
    expect(wb.url).toBe('/sw.js');
    expect(wb.register).toHaveBeenCalled();
    expect(onUpdate).not.toHaveBeenCalled();
    fire('waiting');
    expect(onUpdate).toHaveBeenCalledOnce();
    const activate = onUpdate.mock.calls[0]![0] as () => void;
    activate();
    await vi.waitFor(() => expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }));
    expect(listeners.has('controllerchange')).toBe(true);
  });

  it('only warns when registration fails, and does nothing without service worker support', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await registerServiceWorker(vi.fn());
    expect(wb.register).not.toHaveBeenCalled();
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    wb.register.mockRejectedValueOnce(new Error('SecurityError'));
    await expect(registerServiceWorker(vi.fn())).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('service worker could not be registered'),
      expect.any(Error),
    );
  });
});

describe('activateWaitingVersion', () => {
  function container(waiting: { postMessage: (m: unknown) => void } | null) {
    const target = new EventTarget();
    return {
      getRegistration: async () => ({ waiting }) as unknown as ServiceWorkerRegistration,
      addEventListener: target.addEventListener.bind(target) as ServiceWorkerContainer['addEventListener'],
      removeEventListener: target.removeEventListener.bind(target) as ServiceWorkerContainer['removeEventListener'],
      handOver: () => target.dispatchEvent(new Event('controllerchange')),
    };
  }

  afterEach(() => vi.useRealTimers());

  it('asks the waiting version to take over and reloads once, when it controls the page', async () => {
    vi.useFakeTimers();
    const waiting = { postMessage: vi.fn() };
    const c = container(waiting);
    const reload = vi.fn();
    await activateWaitingVersion(c, reload);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    c.handOver();
    expect(reload).toHaveBeenCalledOnce();
    c.handOver();
    vi.advanceTimersByTime(UPDATE_RELOAD_FALLBACK_MS);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads at once when nothing waits any more (the new version already took over)', async () => {
    const reload = vi.fn();
    await activateWaitingVersion(container(null), reload);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads anyway when the hand-over is never seen', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    await activateWaitingVersion(container({ postMessage: vi.fn() }), reload);
    vi.advanceTimersByTime(UPDATE_RELOAD_FALLBACK_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
  });
});
