import {
  CLIENT_MESSAGE_TYPES,
  CLOSE_CODES,
  KEEPALIVE_AFTER_SILENCE_MS,
  MAX_CONSECUTIVE_BAD_MESSAGES,
  MAX_FRAME_BYTES,
  TARGET_FPS,
  clientMessageSchema,
  type ClientMessage,
  type ControlMessage,
  type ErrorCode,
  type ServerMessage,
} from '@asl/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { CapabilityEstimator } from './capability';
import { FrameCancelled, FrameRejected, RecognitionFailure } from '../recognition/frame-errors';
import { checkFrame } from './frame-validation';
import type { FrameProcessor, FrameResult } from '../recognition/frame-processor';
import { serverMessage, type MessageParts } from './server-messages';
import { RecognitionTurns } from './recognition-turns';
import { TokenBucket } from './token-bucket';
import { errorEntry } from '../errors';

export const LIVE_LIMITS = {
  maxMessagesPerSecond: 60,
  messageBurst: 90,
  maxBytesPerSecond: 4 * 1024 * 1024,
  byteBurst: 6 * 1024 * 1024,
  /**
   * Control actions are a learner's clicks (and a start on each connection): a few a second at
   * most. Each can cost the database a story or a session's attempts, so they have a rate of
   * their own, and at most this many wait their turn on a socket (the attack review of 2026-11-28:
   * fifty start_session a second queued without end, and ran on after the socket closed).
   */
  maxControlsPerSecond: 4,
  controlBurst: 10,
  maxPendingControls: 8,
  /**
   * The most the server holds unsent for a socket whose client does not read (bytes): past it the
   * socket is closed, not grown without end. A second of answers is a few kilobytes; 1 MB is half a
   * minute of frames unread (8 MB let 200 unread sockets of one address hold 2 GB: the attack
   * review of 2026-11-28, second round).
   */
  maxBufferedBytes: 1024 * 1024,
  /**
   * Over the message or byte rate, the socket stops being read this long: the flood waits in the
   * client's and the kernel's buffers instead of costing the server a parse and an answer each (one
   * socket's 48,000 pings a second had put every learner's feedback at 0.6-0.8 s).
   */
  throttlePauseMs: 1000,
  /** After the server closes a socket, how long it waits for the client's close before cutting it. */
  closeGraceMs: 1000,
  /**
   * The most a control or ping message may be (bytes): they are a few dozen. Over it: refused as
   * invalid (padded pings within the byte rate, from a hundred sockets of one address, had cost
   * every learner seconds: the re-check of 2026-11-28).
   */
  maxControlBytes: 2 * 1024,
  /**
   * Pings a socket has answered a second (burst 10): the page sends one every ten seconds. More are
   * not answered (a hundred sockets' pings within their message rate had each had a pong).
   */
  maxPingsPerSecond: 2,
  pingBurst: 10,
} as const;

/**
 * Closes a socket with a code and cuts it a second later if its client does not close its side
 * (ws would wait 30 s, reading all the while). `stopReading`: nothing more it sends is read (a
 * socket refused before it was ever served).
 */
export function closeAndCut(socket: WebSocket, code: number, reason: string, stopReading = false): void {
  try {
    socket.close(code, reason);
  } catch {
    socket.terminate();
    return;
  }
  if (stopReading) socket.pause();
  setTimeout(() => socket.terminate(), LIVE_LIMITS.closeGraceMs).unref();
}

export interface LiveUser {
  id: string;
  username: string;
}

/** What a practice session adds to the socket; the connection knows nothing else of it. */
export interface LiveSessionHooks {
  onControl(
    msg: ControlMessage & { action: NonNullable<ControlMessage['action']> },
    conn: LiveConnection,
  ): Promise<void>;
  /** Reads the frame for the practice session; returns the prediction shown with the frame. */
  onFrameResult(result: FrameResult, conn: LiveConnection, frameNumber: number): Promise<FrameResult['prediction']>;
  onClose(conn: LiveConnection): void;
}

/** Told about every frame, for metrics; optional. */
export interface LiveObserver {
  frameProcessed(elapsedMs: number): void;
  frameDropped(): void;
}

export interface LiveStats {
  framesReceived: number;
  framesProcessed: number;
  framesDropped: number;
  badMessages: number;
}

export class LiveConnection {
  readonly stats: LiveStats = { framesReceived: 0, framesProcessed: 0, framesDropped: 0, badMessages: 0 };
  sessionId: string | null = null;
  private consecutiveBad = 0;
  /** aborted when the socket closes: its frame still waiting for a worker is skipped */
  private readonly closing = new AbortController();
  /** control actions and each frame's practice step, one at a time, in the order they came */
  private turn: Promise<void> = Promise.resolve();
  private track: unknown = null;
  private keepaliveTimer: NodeJS.Timeout | null = null;
  private readonly capability = new CapabilityEstimator();
  private readonly messageBucket = new TokenBucket(LIVE_LIMITS.messageBurst, LIVE_LIMITS.maxMessagesPerSecond);
  private readonly byteBucket = new TokenBucket(LIVE_LIMITS.byteBurst, LIVE_LIMITS.maxBytesPerSecond);
  private readonly controlBucket = new TokenBucket(LIVE_LIMITS.controlBurst, LIVE_LIMITS.maxControlsPerSecond);
  private readonly pingBucket = new TokenBucket(LIVE_LIMITS.pingBurst, LIVE_LIMITS.maxPingsPerSecond);
  /** control actions waiting for their turn or running */
  private pendingControls = 0;
  private lastAdaptiveFps = TARGET_FPS;
  private closed = false;
  /** the server closed it: nothing more it sends is read */
  private closeSent = false;
  /** not read for a while: over the message or byte rate */
  private throttled = false;
  /**
   * Messages sent while a frame's hooks run (practice feedback, a story completed), sent after
   * that frame's processed_frame: the client then has the hand a reading was made from before
   * the reading (its "This feedback is wrong" report carries that hand).
   */
  private held: string[] | null = null;

  constructor(
    readonly socket: WebSocket,
    readonly user: LiveUser,
    private readonly processor: FrameProcessor,
    private readonly hooks: LiveSessionHooks | null,
    private readonly log: FastifyBaseLogger,
    private readonly serverVersion: string,
    private readonly observer: LiveObserver | null = null,
    /**
     * Turns in recognition, shared by every socket (recognition-turns.ts): one frame at a time
     * per learner, a few per client address, so the pool's queue takes learners in turn.
     */
    private readonly turns: RecognitionTurns = new RecognitionTurns(Number.POSITIVE_INFINITY),
    /** the client's address (its turns are counted per address too) */
    readonly address = '',
    /** the bytes all the sockets of this client address may send a second, shared (none: no such budget) */
    private readonly addressBytes: TokenBucket | null = null,
  ) {
    socket.on('message', (data, isBinary) => this.onRaw(data as Buffer, isBinary));
    socket.on('close', () => this.onClosed());
    this.send('connection_established', {
      message: 'Connected',
      data: {
        server_version: serverVersion,
        user_id: user.id,
        limits: {
          max_frame_bytes: MAX_FRAME_BYTES,
          target_fps: TARGET_FPS,
          max_messages_per_second: LIVE_LIMITS.maxMessagesPerSecond,
        },
      },
    });
    this.armKeepalive();
  }

  /** Open, and not closing (the client's close frame may come before the 'close' event is handled). */
  get isOpen(): boolean {
    return !this.closed && this.socket.readyState === this.socket.OPEN;
  }

  get processingCapability(): number {
    return this.capability.capability;
  }

  send(type: ServerMessage['type'], parts: MessageParts = {}): void {
    if (!this.isOpen) return;
    const msg = serverMessage(type, {
      ...parts,
      sessionId: parts.sessionId ?? this.sessionId,
      metadata: { processing_capability: this.capability.capability, ...parts.metadata },
    });
    const text = JSON.stringify(msg);
    if (this.held) this.held.push(text);
    else this.write(text);
  }

  private release(held: string[]): void {
    for (const text of held) if (this.isOpen) this.write(text);
  }

  /** Sends, unless the client has left too much unread: then the socket is closed instead. */
  private write(text: string): void {
    if (this.socket.bufferedAmount + text.length > LIVE_LIMITS.maxBufferedBytes) {
      this.log.warn({ user: this.user.id, buffered: this.socket.bufferedAmount }, 'live socket not read: closed');
      this.socket.terminate(); // its 'close' ends the connection (onClosed)
      return;
    }
    this.socket.send(text);
  }

  /** Answers a control action it did not carry out: not successful, with the coded message why. */
  refuseControl(action: string, code: ErrorCode): void {
    this.send('control_response', {
      data: { action, success: false, state: null },
      message: errorEntry(code).message,
    });
  }

  sendError(code: ErrorCode, message?: string, critical = false): void {
    this.send(critical ? 'critical_error' : 'error', {
      message: message ?? errorEntry(code).message,
      data: { code },
      metadata: critical ? { requires_reconnection: true } : {},
    });
  }

  close(code: number, reason: string): void {
    if (this.closed || this.closeSent) return;
    this.closeSent = true;
    // a client that goes on sending and never closes its side is cut (what it sends is not read:
    // onRaw checks closeSent)
    closeAndCut(this.socket, code, reason);
  }

  private armKeepalive(): void {
    if (this.keepaliveTimer) clearTimeout(this.keepaliveTimer);
    this.keepaliveTimer = setTimeout(() => {
      this.send('keepalive');
      this.armKeepalive();
    }, KEEPALIVE_AFTER_SILENCE_MS);
    this.keepaliveTimer.unref();
  }

  private bad(code: ErrorCode, message?: string): void {
    this.stats.badMessages++;
    this.consecutiveBad++;
    this.sendError(code, message);
    if (this.consecutiveBad >= MAX_CONSECUTIVE_BAD_MESSAGES) {
      this.close(CLOSE_CODES.policyViolation, 'Too many invalid messages');
    }
  }

  /**
   * Over the message or byte rate: the first message refused is answered, then the socket is not
   * read for a while (what was already read is dropped unanswered), so a flood costs the server
   * neither a parse nor an answer per message.
   */
  private throttle(): void {
    if (this.throttled) return;
    this.throttled = true;
    this.sendError('LIVE_RATE_LIMITED');
    this.socket.pause();
    setTimeout(() => {
      this.throttled = false;
      if (this.isOpen) this.socket.resume();
    }, LIVE_LIMITS.throttlePauseMs).unref();
  }

  private onRaw(data: Buffer, isBinary: boolean): void {
    if (this.closeSent || this.throttled) return;
    this.armKeepalive();
    if (
      !this.messageBucket.take(1) ||
      !this.byteBucket.take(data.length) ||
      (this.addressBytes && !this.addressBytes.take(data.length))
    )
      return this.throttle();
    if (isBinary) return this.bad('MESSAGE_PARSE_ERROR');
    if (data.length > MAX_FRAME_BYTES * 1.4 + 4096) return this.bad('FRAME_TOO_LARGE');
    // no text of the protocol holds a NUL, and the database refuses it
    if (data.includes('\\u0000')) return this.bad('INVALID_MESSAGE', 'A message must not contain the NUL character.');
    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch {
      return this.bad('MESSAGE_PARSE_ERROR');
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      return this.bad('INVALID_MESSAGE', 'A message must be a JSON object with a type.');
    const type = (json as { type?: unknown }).type;
    if (typeof type !== 'string' || !(CLIENT_MESSAGE_TYPES as readonly string[]).includes(type)) {
      return this.bad('UNKNOWN_MESSAGE_TYPE', `Unknown message type: ${String(type).slice(0, 40)}`);
    }
    if (type !== 'raw_frame' && data.length > LIVE_LIMITS.maxControlBytes)
      return this.bad('INVALID_MESSAGE', `A ${type} message must be at most 2 KB.`);
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      return this.bad(
        'INVALID_MESSAGE',
        `Invalid ${type} message: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`,
      );
    }
    void this.dispatch(parsed.data).catch((err: unknown) => {
      this.log.error({ err }, 'live message handler failed');
      this.sendError('INTERNAL_ERROR');
    });
  }

  private async dispatch(msg: ClientMessage): Promise<void> {
    switch (msg.type) {
      // (neither resets the count of bad messages in a row: only a frame read does, so pings
      // between bad frames do not keep a flooding socket open)
      case 'ping':
        if (this.pingBucket.take(1)) this.send('pong', { data: { timestamp: msg.timestamp ?? null } });
        return;
      case 'control': {
        const hooks = this.hooks;
        if (!hooks) {
          this.refuseControl(msg.action, 'SESSION_NOT_STARTED');
          return;
        }
        if (!this.controlBucket.take(1) || this.pendingControls >= LIVE_LIMITS.maxPendingControls) {
          // answered as the action it refuses, so the page says so (and leaves a refused start)
          this.refuseControl(msg.action, 'CONTROL_RATE_LIMITED');
          return;
        }
        // one at a time: twenty Next Sentence at once must not finish a story twenty times; those
        // still waiting when the socket closes are not run (nobody is there for their answers)
        this.pendingControls++;
        try {
          await this.inTurn(() => (this.isOpen ? hooks.onControl(msg, this) : Promise.resolve()));
        } finally {
          this.pendingControls--;
        }
        return;
      }
      case 'raw_frame':
        return this.onFrame(msg);
    }
  }

  private async onFrame(msg: Extract<ClientMessage, { type: 'raw_frame' }>): Promise<void> {
    this.stats.framesReceived++;
    const check = checkFrame(msg.frame_data, msg.metadata.width, msg.metadata.height);
    if (!check.ok) return this.bad(check.code);
    if (msg.metadata.adaptive_fps) this.lastAdaptiveFps = msg.metadata.adaptive_fps;
    // this socket's previous frame holds its learner's turn too
    if (!this.turns.take(this.user.id, this.address)) {
      this.stats.framesDropped++;
      this.observer?.frameDropped();
      return;
    }
    const started = performance.now();
    const held: string[] = [];
    try {
      const result = await this.processor.process(check.jpeg, this.track, this.closing.signal);
      this.consecutiveBad = 0; // a frame read: the socket is sending what it should
      this.track = result.track;
      const elapsed = performance.now() - started;
      this.capability.record(elapsed);
      this.stats.framesProcessed++;
      this.observer?.frameProcessed(elapsed);
      const hooks = this.hooks;
      const prediction: FrameResult['prediction'] = hooks
        ? await this.inTurn(async () => {
            this.held = held;
            try {
              return await hooks.onFrameResult(result, this, msg.metadata.frame_number);
            } finally {
              this.held = null;
            }
          })
        : (result.prediction ?? null);
      this.send('processed_frame', {
        data: {
          hands: result.hands,
          width: result.width,
          height: result.height,
          prediction: prediction ?? null,
        },
        metadata: {
          processing_time_ms: Math.round(elapsed * 10) / 10,
          frame_number: msg.metadata.frame_number,
          adaptive_fps: this.lastAdaptiveFps,
        },
      });
    } catch (err) {
      if (err instanceof FrameCancelled) return; // the socket closed: nobody to answer
      if (err instanceof FrameRejected) {
        // the learner's bytes: counts toward closing the socket for bad messages
        this.log.debug({ err: err.message }, 'frame refused by the decoder');
        this.bad(
          err.code,
          err.code === 'FRAME_NOT_JPEG' ? 'The frame could not be decoded as a JPEG image.' : undefined,
        );
      } else {
        // the server's fault (a worker overran its deadline or died, or a hook failed): never the learner's
        this.log.error({ err: (err as Error).message }, 'frame could not be processed');
        this.sendError(err instanceof RecognitionFailure ? err.code : 'INTERNAL_ERROR');
      }
    } finally {
      this.turns.give(this.user.id, this.address);
      this.release(held);
    }
  }

  /** Runs `step` after the control actions and practice steps before it have finished. */
  private inTurn<T>(step: () => Promise<T>): Promise<T> {
    const run = this.turn.then(step, step);
    this.turn = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private onClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.closing.abort();
    if (this.keepaliveTimer) clearTimeout(this.keepaliveTimer);
    this.hooks?.onClose(this);
  }
}
