import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { LIVE_LIMITS, LiveConnection, type LiveSessionHooks } from './connection';
import type { FrameProcessor } from '../recognition/frame-processor';

/** A socket that records what is sent; `bufferedAmount` is what its client has not read yet. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: any[] = [];
  terminated = false;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.terminated = true;
    this.close();
  }
  /** a message from the client */
  receive(msg: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(msg)), false);
  }
}

const log = { debug() {}, info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const processor: FrameProcessor = { process: () => Promise.reject(new Error('unused')), close: async () => {} };

/** Hooks whose control actions each wait until `finish()` is called; counts those run. */
function slowHooks() {
  const waiting: Array<() => void> = [];
  const hooks: LiveSessionHooks & { ran: number } = {
    ran: 0,
    async onControl() {
      hooks.ran++;
      await new Promise<void>((r) => waiting.push(r));
    },
    onFrameResult: async () => null,
    onClose() {},
  };
  const finish = async () => {
    while (waiting.length) {
      waiting.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { hooks, finish };
}

const start = { type: 'control', action: 'start_session', data: { story_id: 'l1-my-cat' } };

describe('LiveConnection: control actions', () => {
  it('lets at most maxPendingControls wait their turn; more are refused (CONTROL_RATE_LIMITED)', async () => {
    const socket = new FakeSocket();
    const { hooks, finish } = slowHooks();
    new LiveConnection(socket as unknown as WebSocket, { id: 'u', username: 'u' }, processor, hooks, log, 'test');
    for (let i = 0; i < LIVE_LIMITS.controlBurst; i++) socket.receive(start);
    await new Promise((r) => setImmediate(r));
    // refused as the action it refuses, with the coded message
    const refused = () =>
      socket.sent.filter(
        (m) =>
          m.type === 'control_response' &&
          m.data.success === false &&
          m.message === 'Too many clicks at once. Wait a moment, then try again.',
      ).length;
    expect(refused()).toBe(LIVE_LIMITS.controlBurst - LIVE_LIMITS.maxPendingControls);
    await finish();
    expect(hooks.ran).toBe(LIVE_LIMITS.maxPendingControls);
    // the burst is spent: the next one at once is refused too (a rate of a few a second)
    socket.receive(start);
    expect(refused()).toBe(LIVE_LIMITS.controlBurst - LIVE_LIMITS.maxPendingControls + 1);
  });

  it('does not run the control actions still waiting when the socket closes', async () => {
    const socket = new FakeSocket();
    const { hooks, finish } = slowHooks();
    new LiveConnection(socket as unknown as WebSocket, { id: 'u', username: 'u' }, processor, hooks, log, 'test');
    for (let i = 0; i < 5; i++) socket.receive(start);
    await new Promise((r) => setImmediate(r));
    expect(hooks.ran).toBe(1); // one at a time: the first runs, four wait
    socket.close();
    await finish();
    expect(hooks.ran).toBe(1);
  });
});

describe('LiveConnection: a client that does not read', () => {
  it('is closed once more than maxBufferedBytes would wait unsent, not sent more', () => {
    const socket = new FakeSocket();
    new LiveConnection(socket as unknown as WebSocket, { id: 'u', username: 'u' }, processor, null, log, 'test');
    socket.receive({ type: 'ping', timestamp: 1 });
    expect(socket.sent.at(-1).type).toBe('pong');
    socket.bufferedAmount = LIVE_LIMITS.maxBufferedBytes;
    const count = socket.sent.length;
    socket.receive({ type: 'ping', timestamp: 2 });
    expect(socket.sent.length).toBe(count);
    expect(socket.terminated).toBe(true);
  });
});
