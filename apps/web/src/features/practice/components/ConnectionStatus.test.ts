import { describe, expect, it } from 'vitest';
import type { LiveSocketSnapshot } from '../../../lib/live/socket';
import { liveIndicator } from './ConnectionStatus';

const snapshot = (state: LiveSocketSnapshot['state'], reconnectAttempts: number) =>
  ({ state, reconnectAttempts, maxReconnectAttempts: 5, error: null }) as unknown as LiveSocketSnapshot;

describe('liveIndicator', () => {
  it('never says Connected beside "Paused: not connected": both words come from the same facts', () => {
    for (const online of [true, false])
      for (const state of ['disconnected', 'connecting', 'connected', 'error'] as const)
        for (const attempts of [0, 2])
          for (const cameraOn of [true, false])
            for (const onDevice of [true, false]) {
              const s = liveIndicator(online, snapshot(state, attempts), cameraOn, onDevice);
              if (s.connection === 'Connected') expect(s.streaming).not.toBe('Paused: not connected');
              if (s.streaming === 'Streaming') expect(s.connection).toBe('Connected');
            }
  });
  it('says Offline when the browser is, though the socket has not noticed yet', () => {
    expect(liveIndicator(false, snapshot('connected', 0), true, false)).toEqual({
      tone: 'down',
      connection: 'Offline',
      streaming: 'Paused: not connected',
    });
    // practice on the device: offline, not the green of a live connection
    expect(liveIndicator(false, snapshot('disconnected', 0), true, true)).toEqual({
      tone: 'device',
      connection: 'Offline',
      streaming: 'On this device',
    });
    // the attempts out of 5 are in view (spec: ASL World shows them), not only under Advanced
    expect(liveIndicator(true, snapshot('connecting', 2), false, false).connection).toBe(
      'Reconnecting… (attempt 2 of 5)',
    );
    // a server restart (1012) says why, through the whole round (not only under Advanced)
    expect(liveIndicator(true, { ...snapshot('disconnected', 3), dropCode: 1012 }, true, false).connection).toBe(
      'Server restarting: reconnecting… (attempt 3 of 5)',
    );
  });
});
