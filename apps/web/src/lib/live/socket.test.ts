import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocket, liveSocketUrl, reconnectDelay, type WebSocketLike } from './socket';

class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  constructor(public url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverClose(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
  error() {
    this.onerror?.(new Event('error'));
  }
}
const last = () => FakeWebSocket.instances[FakeWebSocket.instances.length - 1]!;
const meta = { timestamp: '2026-01-01T00:00:00Z' };

function make(opts: Partial<ConstructorParameters<typeof LiveSocket>[0]> = {}) {
  return new LiveSocket({
    url: 'ws://h/ws/video?token=t',
    WebSocketImpl: FakeWebSocket,
    now: () => Date.now(),
    ...opts,
  });
}

describe('LiveSocket', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('goes connecting -> connected and records lastConnectedAt', () => {
    const s = make();
    const states: string[] = [];
    s.subscribe(() => states.push(s.getSnapshot().state));
    s.connect();
    expect(s.getSnapshot().state).toBe('connecting');
    last().open();
    expect(s.getSnapshot().state).toBe('connected');
    expect(s.getSnapshot().stats.lastConnectedAt).toBe(Date.now());
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('reports INVALID_URL without a URL', () => {
    const s = make({ url: () => null });
    s.connect();
    expect(s.getSnapshot()).toMatchObject({
      state: 'error',
      error: { type: 'INVALID_URL', message: 'WebSocket URL is required' },
    });
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('reconnects after abnormal closes with 500 ms doubling delays, then errors after 5 attempts', () => {
    const s = make();
    s.connect();
    last().open();
    last().serverClose(1006);
    expect(s.getSnapshot()).toMatchObject({ state: 'disconnected', reconnectAttempts: 1 });
    expect(s.getSnapshot().error?.message).toBe('Connection lost unexpectedly. The server may be unavailable.');
    const delays = [500, 1000, 2000, 4000, 8000];
    for (const [i, d] of delays.entries()) {
      const before = FakeWebSocket.instances.length;
      vi.advanceTimersByTime(d - 1);
      expect(FakeWebSocket.instances.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances.length).toBe(before + 1);
      expect(s.getSnapshot().state).toBe('connecting');
      last().serverClose(1006);
      if (i < 4) expect(s.getSnapshot().reconnectAttempts).toBe(i + 2);
    }
    expect(s.getSnapshot()).toMatchObject({
      state: 'error',
      reconnectAttempts: 5,
      error: { type: 'MAX_RECONNECT_ATTEMPTS', message: 'Max reconnection attempts (5) reached.' },
    });
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(6);
  });

  it('after the attempts ran out, a quiet try keeps the error until it opens', () => {
    const s = make();
    s.connect();
    last().open();
    last().serverClose(1006);
    for (const d of [500, 1000, 2000, 4000, 8000]) {
      vi.advanceTimersByTime(d);
      last().serverClose(1006);
    }
    const gaveUp = s.getSnapshot();
    expect(gaveUp.error?.type).toBe('MAX_RECONNECT_ATTEMPTS');
    const seen: string[] = [];
    s.subscribe(() => seen.push(s.getSnapshot().state));
    s.probe();
    s.probe(); // one try at a time
    expect(FakeWebSocket.instances).toHaveLength(7);
    last().error();
    last().serverClose(1006);
    expect(s.getSnapshot()).toBe(gaveUp); // nothing changed: no flicker, no new round
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(7);
    s.probe();
    last().open();
    expect(s.getSnapshot()).toMatchObject({ state: 'connected', error: null, reconnectAttempts: 0 });
    expect(seen).toEqual(['connected']);
    s.probe(); // only after giving up
    expect(FakeWebSocket.instances).toHaveLength(8);
  });

  it('a quiet try is not made after a final close (too many tabs)', () => {
    const s = make();
    s.connect();
    last().open();
    last().serverClose(4002);
    expect(s.getSnapshot().state).toBe('error');
    s.probe();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('remembers the close that began a reconnect round (a restart) until it connects', () => {
    const s = make();
    s.connect();
    last().open();
    last().serverClose(1012);
    expect(s.getSnapshot().dropCode).toBe(1012);
    vi.advanceTimersByTime(500);
    last().error();
    last().serverClose(1006); // the server is not back yet
    expect(s.getSnapshot()).toMatchObject({ dropCode: 1012, reconnectAttempts: 2 });
    vi.advanceTimersByTime(1000);
    last().open();
    expect(s.getSnapshot().dropCode).toBeNull();
    last().serverClose(1006);
    expect(s.getSnapshot().dropCode).toBe(1006);
  });

  it('caps the delay at 30000 ms', () => {
    expect([0, 1, 2, 6, 7, 10].map(reconnectDelay)).toEqual([500, 1000, 2000, 30000, 30000, 30000]);
  });

  it('resets attempts after a successful reconnect', () => {
    const s = make();
    s.connect();
    last().open();
    last().serverClose(1012);
    expect(s.getSnapshot().error?.message).toBe('Server is restarting. Please wait and try again.');
    vi.advanceTimersByTime(500);
    last().open();
    expect(s.getSnapshot()).toMatchObject({ state: 'connected', reconnectAttempts: 0, error: null });
  });

  it('manual disconnect closes with 1000, resets attempts and does not reconnect', () => {
    const s = make();
    s.connect();
    last().serverClose(1006);
    expect(s.getSnapshot().reconnectAttempts).toBe(1);
    vi.advanceTimersByTime(500);
    const ws = last();
    ws.open();
    s.disconnect();
    expect(ws.closedWith?.code).toBe(1000);
    expect(s.getSnapshot()).toMatchObject({ state: 'disconnected', reconnectAttempts: 0 });
    ws.serverClose(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('does not reconnect after a normal close from the server', () => {
    const s = make();
    s.connect();
    last().open();
    last().serverClose(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(s.getSnapshot()).toMatchObject({ state: 'disconnected', error: null });
  });

  it('manual reconnect: disconnect, wait 100 ms, reset attempts, connect', async () => {
    const s = make();
    s.connect();
    last().open();
    const p = s.reconnect();
    expect(s.getSnapshot().state).toBe('disconnected');
    vi.advanceTimersByTime(99);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await p;
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(s.getSnapshot()).toMatchObject({ state: 'connecting', reconnectAttempts: 0 });
  });

  it('pings every 10000 ms with a timestamp and updates uptime every second', () => {
    const s = make();
    s.connect();
    last().open();
    vi.advanceTimersByTime(9_999);
    expect(last().sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(JSON.parse(last().sent[0]!)).toEqual({ type: 'ping', timestamp: Date.now() });
    expect(s.getSnapshot().stats.connectionUptime).toBe(10_000);
    vi.advanceTimersByTime(1000);
    expect(s.getSnapshot().stats.connectionUptime).toBe(11_000);
    expect(s.getSnapshot().stats.messagesSent).toBe(1);
  });

  it('throttles sends to one per 50 ms unless throttling is disabled for the send', () => {
    const s = make();
    expect(s.send({ type: 'x' })).toBe(false); // not open
    s.connect();
    last().open();
    expect(s.send({ type: 'a' })).toBe(true);
    expect(s.send({ type: 'b' })).toBe(false);
    expect(s.send({ type: 'c' }, { throttle: false })).toBe(true);
    vi.advanceTimersByTime(50);
    expect(s.send({ type: 'd' })).toBe(true);
    expect(last().sent.map((m) => JSON.parse(m).type)).toEqual(['a', 'c', 'd']);
    expect(s.getSnapshot().stats.messagesSent).toBe(3);
  });

  it('reports a parse error for non-JSON and keeps the last 100 messages with receivedAt', () => {
    const s = make();
    const got: string[] = [];
    s.onMessage((m) => got.push(m.type));
    s.connect();
    last().open();
    last().receive('not json{');
    expect(s.getSnapshot().error).toMatchObject({
      type: 'MESSAGE_PARSE_ERROR',
      message: 'Invalid message format received',
    });
    for (let i = 0; i < 120; i++)
      last().receive({
        type: 'processed_frame',
        message_id: String(i),
        metadata: meta,
        data: { hands: [], width: 320, height: 240 },
      });
    const h = s.getHistory();
    expect(h).toHaveLength(100);
    expect(h[0]!.message_id).toBe('20');
    expect(h[99]!.receivedAt).toBe(Date.now());
    expect(s.getSnapshot().stats.messagesReceived).toBe(120);
    expect(got).toHaveLength(120);
  });

  it('turns error and critical_error into socket errors; pong and keepalive only confirm', () => {
    const s = make();
    s.connect();
    last().open();
    last().receive({ type: 'pong', message_id: '1', metadata: meta });
    last().receive({ type: 'keepalive', message_id: '2', metadata: meta });
    expect(s.getSnapshot().error).toBeNull();
    last().receive({
      type: 'error',
      message: 'Bad frame',
      data: { code: 'FRAME_NOT_JPEG' },
      message_id: '3',
      metadata: meta,
    });
    expect(s.getSnapshot().error).toMatchObject({ type: 'SERVER_ERROR', message: 'Bad frame', code: 'FRAME_NOT_JPEG' });
    last().receive({ type: 'critical_error', message: 'Boom', data: { code: 'X' }, message_id: '4', metadata: meta });
    expect(s.getSnapshot()).toMatchObject({ state: 'connected', error: { type: 'CRITICAL_ERROR', message: 'Boom' } });
  });

  it('critical_error with requires_reconnection disconnects and reconnects 2 s later', () => {
    const s = make();
    s.connect();
    const ws = last();
    ws.open();
    ws.receive({
      type: 'critical_error',
      message: 'Restart',
      data: { code: 'X' },
      message_id: '1',
      metadata: { ...meta, requires_reconnection: true },
    });
    expect(ws.closedWith?.code).toBe(1000);
    expect(s.getSnapshot().state).toBe('disconnected');
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reports invalid feedback data and does not pass it on', () => {
    const s = make();
    const got: string[] = [];
    s.onMessage((m) => got.push(m.type));
    s.connect();
    last().open();
    last().receive({ type: 'asl_feedback', message_id: '1', metadata: meta, data: { target: 'A' } });
    expect(s.getSnapshot().error).toMatchObject({
      type: 'INVALID_FEEDBACK',
      message: 'Received invalid feedback data from server',
    });
    expect(got).toEqual([]);
    last().receive({
      type: 'asl_feedback',
      message_id: '2',
      metadata: meta,
      data: { target: 'A', detected: 'A', confidence: 0.9, correct: true, hint: '', held_ms: 300 },
    });
    expect(got).toEqual(['asl_feedback']);
  });

  it('uses the connecting vs open texts for connection errors, and close-code texts', () => {
    const s = make();
    s.connect();
    last().error();
    expect(s.getSnapshot().error?.message).toBe('Failed to connect to server. Please check if the backend is running.');
    last().open();
    last().error();
    expect(s.getSnapshot().error?.message).toBe(
      'Connection error during communication. The connection may be unstable.',
    );
    last().serverClose(1011);
    expect(s.getSnapshot().error?.message).toBe('Server encountered an error while processing the connection.');
    vi.advanceTimersByTime(500);
    last().serverClose(4999);
    expect(s.getSnapshot().error?.message).toContain('4999');
  });

  it('on 1008 with an auth reason refreshes the session once, then connects with the new token', async () => {
    let token = 'old';
    const refreshAuth = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const s = make({ url: () => `ws://h/ws/video?token=${token}`, refreshAuth });
    s.connect();
    last().serverClose(1008, 'Authentication required: a valid access token is needed');
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    expect(last().url).toContain('token=new');
    expect(s.getSnapshot().reconnectAttempts).toBe(0);
    last().serverClose(1008, 'Authentication required');
    expect(refreshAuth).toHaveBeenCalledTimes(1); // only once
    expect(s.getSnapshot().reconnectAttempts).toBe(1);
  });

  it('4002 (too many practice tabs): says so and never reconnects, which would evict another tab', () => {
    const s = make();
    s.connect();
    last().open();
    last().serverClose(4002, 'LIVE_TOO_MANY_SOCKETS');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(s.getSnapshot()).toMatchObject({
      state: 'error',
      error: { type: 'CONNECTION_CLOSED', message: 'Live practice is open in too many places; this one was closed.' },
    });
  });

  it('4001 (session revoked): one refresh, which fails for a revoked session, then an error and no reconnect', async () => {
    const refreshAuth = vi.fn(async () => false);
    const s = make({ refreshAuth });
    s.connect();
    last().open();
    last().serverClose(4001, 'LIVE_SESSION_REVOKED');
    await vi.waitFor(() => expect(s.getSnapshot().state).toBe('error'));
    expect(refreshAuth).toHaveBeenCalledTimes(1);
    expect(s.getSnapshot().error?.message).toBe('You have been signed out. Please sign in again.');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('4001 without a way to refresh: an error at once and no reconnect', () => {
    const s = make();
    s.connect();
    last().open();
    last().serverClose(4001);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(s.getSnapshot().state).toBe('error');
  });

  it('builds the URL from the page host and the token', () => {
    expect(liveSocketUrl('a b', { protocol: 'https:', host: 'x.org' })).toBe('wss://x.org/ws/video?token=a%20b');
    expect(liveSocketUrl('t', { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/ws/video?token=t',
    );
    expect(liveSocketUrl(null)).toBeNull();
  });
});
