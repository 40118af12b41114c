import { ROUTES, type ReadyResponse, type RecognitionHealth } from '@asl/protocol';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { LiveCount } from '../scale/live-count';
import type { RedisHandle } from '../scale/redis';
import { serve } from './contract';

export type ModelsStatus = ReadyResponse['models'];

export interface ReadyDeps {
  database: Database;
  redis: RedisHandle | null;
  models: ModelsStatus;
  liveCount: LiveCount;
  /** the recognition pool's state; null when there is no pool */
  recognition: () => RecognitionHealth | null;
}

/**
 * GET /ready (readiness): database and Redis reachable, recognition models loaded, and the
 * recognition pool not down. A `degraded` pool (a worker replaced lately) is reported but still
 * ready: it answers frames.
 */
export function registerReadyRoute(app: FastifyInstance, deps: ReadyDeps): void {
  serve(app, ROUTES.ready, {}, async (_request, reply) => {
    const [dbOk, redisOk] = await Promise.all([deps.database.ping(), deps.redis ? deps.redis.ping() : null]);
    const total = redisOk === false ? null : await deps.liveCount.total().catch(() => null);
    const body: ReadyResponse = {
      status: 'ok',
      database: dbOk ? 'ok' : 'down',
      redis: redisOk === null ? 'disabled' : redisOk ? 'ok' : 'down',
      models: deps.models,
      live_connections: { process: deps.liveCount.local(), total },
      recognition: deps.recognition(),
    };
    const ready = dbOk && redisOk !== false && deps.models !== 'missing' && body.recognition?.status !== 'down';
    if (!ready) body.status = 'error';
    return reply.status(ready ? 200 : 503).send(body);
  });
}
