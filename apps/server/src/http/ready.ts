import type { ReadyResponse } from '@asl/protocol';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { LiveCount } from '../scale/live-count';
import type { RedisHandle } from '../scale/redis';

export type ModelsStatus = ReadyResponse['models'];

export interface ReadyDeps {
  database: Database;
  redis: RedisHandle | null;
  models: ModelsStatus;
  liveCount: LiveCount;
}

/** GET /ready (readiness): database and Redis reachable, recognition models loaded. */
export function registerReadyRoute(app: FastifyInstance, deps: ReadyDeps): void {
  app.get('/ready', async (_request, reply) => {
    const [dbOk, redisOk] = await Promise.all([deps.database.ping(), deps.redis ? deps.redis.ping() : null]);
    const total = redisOk === false ? null : await deps.liveCount.total().catch(() => null);
    const body: ReadyResponse = {
      status: 'ok',
      database: dbOk ? 'ok' : 'down',
      redis: redisOk === null ? 'disabled' : redisOk ? 'ok' : 'down',
      models: deps.models,
      live_connections: { process: deps.liveCount.local(), total },
    };
    const ready = dbOk && redisOk !== false && deps.models !== 'missing';
    if (!ready) body.status = 'error';
    return reply.status(ready ? 200 : 503).send(body);
  });
}
