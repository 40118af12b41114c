import { describe, expect, it } from 'vitest';
import { derive } from './system-status';

describe('system status (issue 17 item 6)', () => {
  it('is ready only when the server says so, or the live socket is connected', () => {
    expect(derive({ online: true, serverReady: null, live: null })).toBe('checking');
    expect(derive({ online: true, serverReady: true, live: null })).toBe('ready');
    expect(derive({ online: true, serverReady: false, live: null })).toBe('unavailable');
    expect(derive({ online: false, serverReady: true, live: 'connected' })).toBe('offline');
    expect(derive({ online: true, serverReady: true, live: 'connecting' })).toBe('live-reconnecting');
    // between two attempts the socket is closed with a reconnect on its way: not "System Ready"
    expect(derive({ online: true, serverReady: true, live: 'reconnecting' })).toBe('live-reconnecting');
    // after the attempts it is not reconnecting any more: it says so, or that the server is down
    expect(derive({ online: true, serverReady: true, live: 'error' })).toBe('live-down');
    expect(derive({ online: true, serverReady: false, live: 'error' })).toBe('unavailable');
    // closed on purpose (the camera stopped): the server's answer
    expect(derive({ online: true, serverReady: true, live: 'disconnected' })).toBe('ready');
    expect(derive({ online: true, serverReady: false, live: 'connected' })).toBe('ready');
  });
});
