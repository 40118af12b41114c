import websocket from '@fastify/websocket';
import { CLOSE_CODES, LIVE_PATH, MAX_FRAME_BYTES } from '@asl/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { APP_VERSION } from '../version';
import { memoryLiveBus, type LiveBus } from '../scale/live-bus';
import { memorySocketLedger, type SocketLedger } from '../scale/socket-ledger';
import { closeAndCut, LiveConnection, type LiveObserver, type LiveSessionHooks, type LiveUser } from './connection';
import { addressKey } from '../address-key';
import { TokenBucket } from './token-bucket';
import type { FrameProcessor } from '../recognition/frame-processor';
import { codedReason, LiveSockets } from './live-sockets';
import { RecognitionTurns } from './recognition-turns';
import { AppError } from '../errors';

/** The learner of a socket and the sign-in session of the access token it was opened with. */
export interface LiveAuth extends LiveUser {
  authSessionId: string;
}

/**
 * Frames of one client address in recognition at once unless told otherwise
 * (LIVE_MAX_FRAMES_PER_ADDRESS): as many as the default pool's workers, so one address's accounts
 * can fill the workers but not queue in front of everyone. A classroom behind one address shares
 * them only while the server is busy: each frame takes 10-30 ms.
 */
export const DEFAULT_MAX_FRAMES_PER_ADDRESS = 3;

/** Live sockets a learner may keep open at once unless told otherwise (LIVE_MAX_SOCKETS_PER_USER). */
export const DEFAULT_MAX_SOCKETS_PER_USER = 5;

/**
 * Live sockets one client address may keep open in this process unless told otherwise
 * (LIVE_MAX_SOCKETS_PER_ADDRESS): a classroom behind one address has a few each, and fresh
 * accounts are not a way to hold hundreds of sockets (each may hold a megabyte unsent).
 */
export const DEFAULT_MAX_SOCKETS_PER_ADDRESS = 100;

/**
 * Bytes all the live sockets of one client address may send a second unless told otherwise
 * (LIVE_MAX_BYTES_PER_SECOND_PER_ADDRESS): a learner's frames are about half a megabyte a second,
 * so a classroom of thirty fits; a hundred sockets each within its own 4 MB/s do not (each message
 * is parsed).
 */
export const DEFAULT_MAX_BYTES_PER_SECOND_PER_ADDRESS = 16 * 1024 * 1024;

export interface LiveDeps {
  processor: FrameProcessor;
  /** Resolves the access token of the `token` query parameter to a user and session, or null. */
  authenticate(token: string): Promise<LiveAuth | null>;
  hooks?: LiveSessionHooks | null;
  observer?: LiveObserver | null;
  /** Told the number of open live sockets whenever it changes. */
  onCount?: (n: number) => void;
  /** Revocations and cap evictions from every process (this process only unless given). */
  bus?: LiveBus;
  /** Each learner's open sockets (this process only unless given). */
  ledger?: SocketLedger;
  /** Frames of one client address in recognition at once (DEFAULT_MAX_FRAMES_PER_ADDRESS). */
  maxFramesPerAddress?: number;
  /** Live sockets of one client address open at once in this process (DEFAULT_MAX_SOCKETS_PER_ADDRESS). */
  maxSocketsPerAddress?: number;
  /** Bytes the live sockets of one client address may send a second together (DEFAULT_MAX_BYTES_PER_SECOND_PER_ADDRESS). */
  maxBytesPerSecondPerAddress?: number;
  /** The revocation denylist, checked once more after a socket is listed. */
  isRevoked?: (authSessionId: string) => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    liveUser?: LiveAuth | null;
  }
}

/**
 * An error on a live socket. A client breaking the websocket protocol (a message over the size
 * limit, a bad frame: ws's `WS_ERR_*` codes) is the client's fault, logged as a warning; ws has
 * already sent the close code that says why (1009, 1002), so the socket is left to close with it.
 * Anything else is ours: logged as an error and the socket dropped.
 */
function onSocketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
    request.log.warn({ err: error.message, code }, 'live socket: client broke the protocol');
    return;
  }
  request.log.error({ err: error }, 'live socket error');
  socket.terminate();
}

/**
 * The live socket at /ws/video: authenticated, one LiveConnection per socket, closed with 1012 on
 * shutdown, 4001 when its sign-in session is revoked and 4002 when the learner opens too many.
 */
export async function registerLiveRoute(app: FastifyInstance, deps: LiveDeps): Promise<LiveSockets> {
  const sockets = new LiveSockets({
    bus: deps.bus ?? memoryLiveBus(),
    ledger: deps.ledger ?? memorySocketLedger(DEFAULT_MAX_SOCKETS_PER_USER),
    ...(deps.isRevoked ? { isRevoked: deps.isRevoked } : {}),
    log: app.log,
    ...(deps.onCount ? { onCount: deps.onCount } : {}),
  });
  app.addHook('onClose', async () => sockets.close());
  // frames in recognition: one per learner across their sockets, a few per client address
  const turns = new RecognitionTurns(deps.maxFramesPerAddress ?? DEFAULT_MAX_FRAMES_PER_ADDRESS);
  const maxSocketsPerAddress = deps.maxSocketsPerAddress ?? DEFAULT_MAX_SOCKETS_PER_ADDRESS;
  const addressBytesPerSecond = deps.maxBytesPerSecondPerAddress ?? DEFAULT_MAX_BYTES_PER_SECOND_PER_ADDRESS;
  /** open live sockets by client address, in this process, and the bytes they may send a second together */
  const perAddress = new Map<string, { sockets: number; bytes: TokenBucket }>();
  await app.register(websocket, {
    options: { maxPayload: Math.ceil(MAX_FRAME_BYTES * 4) },
    errorHandler: onSocketError,
    // On shutdown every live socket is told the server is restarting (1012), so clients reconnect.
    preClose(this: FastifyInstance, done: () => void) {
      for (const client of this.websocketServer.clients)
        client.close(CLOSE_CODES.serviceRestart, 'Server is restarting');
      this.websocketServer.close();
      done();
    },
  });

  await app.register(async (scope) => {
    scope.addHook('preValidation', async (request: FastifyRequest) => {
      const token = (request.query as { token?: unknown }).token;
      request.liveUser = typeof token === 'string' && token.length > 0 ? await deps.authenticate(token) : null;
    });
    scope.route({
      method: 'GET',
      url: LIVE_PATH,
      schema: { hide: true },
      // a plain GET (no upgrade): the coded error body, not an empty 404
      handler: async () => {
        throw new AppError('UPGRADE_REQUIRED', undefined, undefined, { upgrade: 'websocket', connection: 'Upgrade' });
      },
      wsHandler: (socket, request) => {
        const user = request.liveUser;
        // refused sockets are not read after their close, and are cut a second later (a client
        // without a token flooded its socket for the 30 s ws waits for the close: the re-check of
        // 2026-11-28)
        if (!user) {
          closeAndCut(
            socket,
            CLOSE_CODES.policyViolation,
            'Authentication required: a valid access token is needed',
            true,
          );
          return;
        }
        const address = addressKey(request.ip);
        const open = perAddress.get(address);
        if ((open?.sockets ?? 0) >= maxSocketsPerAddress) {
          closeAndCut(socket, CLOSE_CODES.tryAgainLater, codedReason('LIVE_ADDRESS_SOCKETS'), true);
          return;
        }
        const entry = open ?? {
          sockets: 0,
          bytes: new TokenBucket(addressBytesPerSecond * 1.5, addressBytesPerSecond),
        };
        entry.sockets++;
        perAddress.set(address, entry);
        socket.once('close', () => {
          if (--entry.sockets <= 0) perAddress.delete(address);
        });
        const conn = new LiveConnection(
          socket,
          user,
          deps.processor,
          deps.hooks ?? null,
          request.log,
          APP_VERSION,
          deps.observer ?? null,
          turns,
          address,
          entry.bytes,
        );
        sockets
          .add(conn, { userId: user.id, authSessionId: user.authSessionId })
          .catch((err: unknown) => request.log.error({ err }, 'live socket registration failed'));
      },
    });
  });
  return sockets;
}
