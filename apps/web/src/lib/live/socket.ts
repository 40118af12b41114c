import {
  aslFeedbackMessageSchema,
  CLOSE_CODES,
  closeCodeMessage,
  CRITICAL_RECONNECT_DELAY_MS,
  MANUAL_RECONNECT_WAIT_MS,
  maxReconnectMessage,
  MESSAGE_HISTORY_LIMIT,
  PING_INTERVAL_MS,
  RECONNECT_DELAY,
  SEND_THROTTLE_MS,
  SOCKET_MESSAGES,
  SOCKET_RECONNECT_ATTEMPTS,
  UPTIME_UPDATE_MS,
  type ReceivedLiveMessage,
  type SocketErrorType,
} from '@asl/protocol';

/** Live connection client of SPEC sections 4, 7 and 8: pure TypeScript, no React. */

export type LiveSocketState = 'disconnected' | 'connecting' | 'connected' | 'error';

export interface LiveSocketError {
  type: SocketErrorType;
  message: string;
  /** The server's error code, for SERVER_ERROR / CRITICAL_ERROR. */
  code?: string;
  timestamp: number;
}

export interface LiveSocketStats {
  messagesSent: number;
  messagesReceived: number;
  reconnectAttempts: number;
  /** Milliseconds the current connection has been open (updated every second). */
  connectionUptime: number;
  lastConnectedAt: number | null;
}

export interface LiveSocketSnapshot {
  state: LiveSocketState;
  error: LiveSocketError | null;
  reconnectAttempts: number;
  maxReconnectAttempts: number;
  /** the close code that began the reconnect round under way (1012: the server is restarting); null when connected */
  dropCode: number | null;
  stats: LiveSocketStats;
}

/** The part of the browser WebSocket the client uses; tests pass a fake class. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketCtor = new (url: string) => WebSocketLike;

export interface LiveSocketOptions {
  /** The socket URL, or a function read at every connect (so a refreshed token is used). */
  url: string | (() => string | null);
  WebSocketImpl?: WebSocketCtor;
  maxReconnectAttempts?: number;
  /**
   * Called once when the server refuses the socket for authentication (1008 with an auth
   * reason); resolve true when the session was refreshed and the connect should be retried.
   */
  refreshAuth?: () => Promise<boolean>;
  now?: () => number;
}

export interface SendOptions {
  /** Throttle this send to one per SEND_THROTTLE_MS (default true). */
  throttle?: boolean;
}

const OPEN = 1;
const AUTH_REASON = /auth|token/i;

/** Reconnect delay for the given 0-based attempt: 500 ms doubling, capped at 30000 ms. */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_DELAY.initialMs * RECONNECT_DELAY.multiplier ** attempt, RECONNECT_DELAY.maxMs);
}

type Listener = () => void;
type MessageListener = (msg: ReceivedLiveMessage) => void;

export class LiveSocket {
  private ws: WebSocketLike | null = null;
  private readonly opts: LiveSocketOptions;
  private readonly Impl: WebSocketCtor | undefined;
  private readonly now: () => number;
  private readonly maxAttempts: number;
  private snapshot: LiveSocketSnapshot;
  private listeners = new Set<Listener>();
  private messageListeners = new Set<MessageListener>();
  private history: ReceivedLiveMessage[] = [];
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private uptimeTimer: ReturnType<typeof setInterval> | null = null;
  private manualClose = false;
  private authRetried = false;
  private lastSendAt = -Infinity;
  private openedAt: number | null = null;
  private disposed = false;

  constructor(opts: LiveSocketOptions) {
    this.opts = opts;
    this.Impl = opts.WebSocketImpl ?? (typeof WebSocket !== 'undefined' ? WebSocket : undefined);
    this.now = opts.now ?? (() => Date.now());
    this.maxAttempts = opts.maxReconnectAttempts ?? SOCKET_RECONNECT_ATTEMPTS;
    this.snapshot = {
      state: 'disconnected',
      error: null,
      reconnectAttempts: 0,
      maxReconnectAttempts: this.maxAttempts,
      dropCode: null,
      stats: { messagesSent: 0, messagesReceived: 0, reconnectAttempts: 0, connectionUptime: 0, lastConnectedAt: null },
    };
  }

  // ---- observation -------------------------------------------------------

  getSnapshot = (): LiveSocketSnapshot => this.snapshot;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  onMessage(fn: MessageListener): () => void {
    this.messageListeners.add(fn);
    return () => this.messageListeners.delete(fn);
  }

  /** The last 100 messages received, oldest first, each with receivedAt. */
  getHistory(): readonly ReceivedLiveMessage[] {
    return this.history;
  }

  get isOpen(): boolean {
    return this.ws?.readyState === OPEN && this.snapshot.state === 'connected';
  }

  private update(patch: Partial<LiveSocketSnapshot>, stats?: Partial<LiveSocketStats>): void {
    const attempts = patch.reconnectAttempts ?? this.snapshot.reconnectAttempts;
    this.snapshot = {
      ...this.snapshot,
      ...patch,
      stats: { ...this.snapshot.stats, ...stats, reconnectAttempts: attempts },
    };
    for (const fn of this.listeners) fn();
  }

  private fail(type: SocketErrorType, message: string, extra: { state?: LiveSocketState; code?: string } = {}): void {
    const error: LiveSocketError = { type, message, timestamp: this.now() };
    if (extra.code) error.code = extra.code;
    this.update(extra.state ? { error, state: extra.state } : { error });
  }

  // ---- lifecycle ---------------------------------------------------------

  connect(): void {
    this.open(false);
  }

  /**
   * After the reconnect attempts ran out: one quiet try. What the learner reads (the error) stays
   * until the socket opens, and a try that fails changes nothing: no flicker of "connecting" and
   * no new round of attempts ending in the same error.
   */
  probe(): void {
    if (this.ws || this.snapshot.state !== 'error' || this.snapshot.error?.type !== 'MAX_RECONNECT_ATTEMPTS') return;
    this.open(true);
  }

  private open(quiet: boolean): void {
    if (this.disposed) return;
    if (this.ws && (this.snapshot.state === 'connecting' || this.snapshot.state === 'connected')) return;
    this.clearReconnect();
    const url = typeof this.opts.url === 'function' ? this.opts.url() : this.opts.url;
    if (!url) {
      this.fail('INVALID_URL', SOCKET_MESSAGES.INVALID_URL, { state: 'error' });
      return;
    }
    if (!this.Impl) {
      this.fail('CONNECTION_CREATION_ERROR', SOCKET_MESSAGES.CONNECTION_CREATION_ERROR, { state: 'error' });
      return;
    }
    this.manualClose = false;
    if (!quiet) this.update({ state: 'connecting' });
    let ws: WebSocketLike;
    try {
      ws = new this.Impl(url);
    } catch {
      if (!quiet) this.fail('CONNECTION_CREATION_ERROR', SOCKET_MESSAGES.CONNECTION_CREATION_ERROR, { state: 'error' });
      return;
    }
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      opened = true;
      this.openedAt = this.now();
      this.authRetried = false;
      this.update(
        { state: 'connected', error: null, reconnectAttempts: 0, dropCode: null },
        { lastConnectedAt: this.openedAt, connectionUptime: 0 },
      );
      this.startTimers();
    };
    ws.onerror = () => {
      if (this.ws !== ws || (quiet && !opened)) return;
      const connecting = this.snapshot.state === 'connecting';
      this.fail(
        'CONNECTION_ERROR',
        connecting ? SOCKET_MESSAGES.CONNECTION_ERROR_CONNECTING : SOCKET_MESSAGES.CONNECTION_ERROR_OPEN,
      );
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.handleMessage(ev.data);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      if (quiet && !opened && !this.manualClose) {
        this.ws = null; // the quiet try failed: the error stays as it was
        return;
      }
      this.handleClose(ev.code, ev.reason ?? '');
    };
  }

  private handleClose(code: number, reason: string): void {
    this.ws = null;
    this.stopTimers();
    this.openedAt = null;
    if (this.manualClose || this.disposed) {
      this.update({ state: 'disconnected' }, { connectionUptime: 0 });
      return;
    }
    const text = closeCodeMessage(code);
    const revoked = code === CLOSE_CODES.sessionRevoked;
    const authClose = revoked || (code === 1008 && AUTH_REASON.test(reason));
    if (authClose && this.opts.refreshAuth && !this.authRetried) {
      // A revoked session's refresh fails too, and the app then signs the learner out.
      const failText = revoked ? text! : reason || text || 'Authentication failed';
      this.authRetried = true;
      this.update({ state: 'disconnected', error: null }, { connectionUptime: 0 });
      void this.opts.refreshAuth().then(
        (ok) => {
          if (this.disposed || this.manualClose) return;
          if (ok) this.connect();
          else this.fail('CONNECTION_CLOSED', failText, { state: 'error' });
        },
        () => this.fail('CONNECTION_CLOSED', failText, { state: 'error' }),
      );
      return;
    }
    // Closed for good by the server: a revoked sign-in, or more practice tabs than allowed (this,
    // the oldest, gave way). Reconnecting would only be refused or evict another tab.
    if (revoked || code === CLOSE_CODES.tooManySockets) {
      this.fail('CONNECTION_CLOSED', text!, { state: 'error' });
      return;
    }
    const patch: Partial<LiveSocketSnapshot> = { state: 'disconnected' };
    if (this.snapshot.reconnectAttempts === 0) patch.dropCode = code;
    if (text) patch.error = { type: 'CONNECTION_CLOSED', message: text, timestamp: this.now() };
    this.update(patch, { connectionUptime: 0 });
    if (code === 1000 || code === 1001) return; // a normal close is not retried
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const attempt = this.snapshot.reconnectAttempts;
    if (attempt >= this.maxAttempts) {
      this.fail('MAX_RECONNECT_ATTEMPTS', maxReconnectMessage(this.maxAttempts), { state: 'error' });
      return;
    }
    this.update({ reconnectAttempts: attempt + 1 });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, reconnectDelay(attempt));
  }

  /** Manual disconnect: a normal close (1000), timers stopped, attempt counter reset. */
  disconnect(): void {
    this.manualClose = true;
    this.clearReconnect();
    this.stopTimers();
    const ws = this.ws;
    this.ws = null;
    this.openedAt = null;
    if (ws) {
      try {
        ws.close(1000, 'Client disconnect');
      } catch {
        /* already closed */
      }
    }
    this.update({ state: 'disconnected', reconnectAttempts: 0 }, { connectionUptime: 0 });
  }

  /** Manual reconnect: disconnect, wait 100 ms, reset attempts, connect. */
  reconnect(): Promise<void> {
    this.disconnect();
    return new Promise((resolve) => {
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        this.authRetried = false;
        this.update({ reconnectAttempts: 0, error: null });
        this.connect();
        resolve();
      }, MANUAL_RECONNECT_WAIT_MS);
    });
  }

  /** Disconnects for good (leaving the page). */
  dispose(): void {
    this.disconnect();
    this.disposed = true;
    this.listeners.clear();
    this.messageListeners.clear();
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private startTimers(): void {
    this.stopTimers();
    this.pingTimer = setInterval(() => {
      this.send({ type: 'ping', timestamp: this.now() }, { throttle: false });
    }, PING_INTERVAL_MS);
    this.uptimeTimer = setInterval(() => {
      if (this.openedAt !== null) this.update({}, { connectionUptime: this.now() - this.openedAt });
    }, UPTIME_UPDATE_MS);
  }

  private stopTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.uptimeTimer) clearInterval(this.uptimeTimer);
    this.pingTimer = null;
    this.uptimeTimer = null;
  }

  // ---- sending -----------------------------------------------------------

  /**
   * Sends a JSON message (or a string as is). Returns false when the connection is not open,
   * when the send was throttled (one per 50 ms unless throttle is false), or when it failed.
   */
  send(message: unknown, opts: SendOptions = {}): boolean {
    const ws = this.ws;
    if (!ws || ws.readyState !== OPEN) return false;
    const throttle = opts.throttle ?? true;
    const now = this.now();
    if (throttle && now - this.lastSendAt < SEND_THROTTLE_MS) return false;
    try {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    } catch {
      this.fail('MESSAGE_SEND_ERROR', SOCKET_MESSAGES.MESSAGE_SEND_ERROR);
      return false;
    }
    this.lastSendAt = now;
    this.update({}, { messagesSent: this.snapshot.stats.messagesSent + 1 });
    return true;
  }

  // ---- receiving ---------------------------------------------------------

  private handleMessage(raw: unknown): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      this.fail('MESSAGE_PARSE_ERROR', SOCKET_MESSAGES.MESSAGE_PARSE_ERROR);
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { type?: unknown }).type !== 'string') {
      this.fail('MESSAGE_PARSE_ERROR', SOCKET_MESSAGES.MESSAGE_PARSE_ERROR);
      return;
    }
    const msg = { ...(parsed as ReceivedLiveMessage), receivedAt: this.now() };
    msg.metadata ??= { timestamp: new Date(msg.receivedAt).toISOString() };
    this.history.push(msg);
    if (this.history.length > MESSAGE_HISTORY_LIMIT)
      this.history.splice(0, this.history.length - MESSAGE_HISTORY_LIMIT);
    this.update({}, { messagesReceived: this.snapshot.stats.messagesReceived + 1 });

    switch (msg.type) {
      case 'pong':
      case 'keepalive':
        return; // these only confirm the link
      case 'error':
        this.fail('SERVER_ERROR', msg.message ?? 'Server error', { code: errorCode(msg) });
        break;
      case 'critical_error':
        this.fail('CRITICAL_ERROR', msg.message ?? 'Critical server error', { code: errorCode(msg) });
        if (msg.metadata?.requires_reconnection) {
          this.disconnect();
          this.reconnectTimer = setTimeout(() => {
            this.reconnectTimer = null;
            this.connect();
          }, CRITICAL_RECONNECT_DELAY_MS);
        }
        break;
      case 'asl_feedback':
        if (!aslFeedbackMessageSchema.safeParse(msg).success) {
          this.fail('INVALID_FEEDBACK', SOCKET_MESSAGES.INVALID_FEEDBACK);
          return;
        }
        break;
    }
    for (const fn of this.messageListeners) fn(msg);
  }
}

function errorCode(msg: ReceivedLiveMessage): string | undefined {
  const data = msg.data as { code?: unknown } | undefined;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/** The /ws/video URL on this page's host, with the access token as the `token` parameter. */
export function liveSocketUrl(
  token: string | null,
  loc: Pick<Location, 'protocol' | 'host'> = location,
): string | null {
  if (!token) return null;
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}/ws/video?token=${encodeURIComponent(token)}`;
}
