import websocket from '@fastify/websocket';
import { CLOSE_CODES, LIVE_PATH, MAX_FRAME_BYTES } from '@asl/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_VERSION } from '../version';
import { LiveConnection, type LiveObserver, type LiveSessionHooks, type LiveUser } from './connection';
import type { FrameProcessor } from './frame-processor';

export interface LiveDeps {
  processor: FrameProcessor;
  /** Resolves the access token of the `token` query parameter to a user, or null. */
  authenticate(token: string): Promise<LiveUser | null>;
  hooks?: LiveSessionHooks | null;
  observer?: LiveObserver | null;
  /** Told the number of open live sockets whenever it changes. */
  onCount?: (n: number) => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    liveUser?: LiveUser | null;
  }
}

/** The live socket at /ws/video: authenticated, one LiveConnection per socket, closed with 1012 on shutdown. */
export async function registerLiveRoute(app: FastifyInstance, deps: LiveDeps): Promise<Set<LiveConnection>> {
  const connections = new Set<LiveConnection>();
  await app.register(websocket, {
    options: { maxPayload: Math.ceil(MAX_FRAME_BYTES * 4) },
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
    scope.get(LIVE_PATH, { websocket: true }, (socket, request) => {
      const user = request.liveUser;
      if (!user) {
        socket.close(CLOSE_CODES.policyViolation, 'Authentication required: a valid access token is needed');
        return;
      }
      const conn = new LiveConnection(
        socket,
        user,
        deps.processor,
        deps.hooks ?? null,
        request.log,
        APP_VERSION,
        deps.observer ?? null,
      );
      connections.add(conn);
      deps.onCount?.(connections.size);
      socket.on('close', () => {
        connections.delete(conn);
        deps.onCount?.(connections.size);
      });
    });
  });
  return connections;
}
