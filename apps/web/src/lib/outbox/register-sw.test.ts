import { afterEach, describe, expect, it, vi } from 'vitest';

type Handler = () => void;
const wb = vi.hoisted(() => ({
  handlers: new Map<string, Handler[]>(),
  register: vi.fn(async () => undefined as unknown),
  messageSkipWaiting: vi.fn(),
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
    messageSkipWaiting = wb.messageSkipWaiting;
  },
}));

import { registerServiceWorker } from './register-sw';

const fire = (type: string) => wb.handlers.get(type)?.forEach((fn) => fn());

afterEach(() => {
  wb.handlers.clear();
  wb.register.mockClear();
  wb.messageSkipWaiting.mockClear();
  vi.restoreAllMocks();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('registerServiceWorker', () => {
  it('registers /sw.js and offers the waiting version, which activates on request', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const onUpdate = vi.fn();
    await registerServiceWorker(onUpdate);
    expect(wb.url).toBe('/sw.js');
    expect(wb.register).toHaveBeenCalled();
    expect(onUpdate).not.toHaveBeenCalled();
    fire('waiting');
    expect(onUpdate).toHaveBeenCalledOnce();
    const activate = onUpdate.mock.calls[0]![0] as () => void;
    activate();
    expect(wb.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(wb.handlers.get('controlling')).toHaveLength(1);
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
