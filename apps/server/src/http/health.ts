import { ROUTES, type HealthResponse } from '@asl/protocol';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { APP_VERSION } from '../version';
import { serve } from './contract';

export function registerHealthRoutes(app: FastifyInstance, deps: { database: Database; startedAt: number }): void {
  serve(app, ROUTES.health, {}, async (_request, reply) => {
    const dbOk = await deps.database.ping();
    const body: HealthResponse = {
      status: dbOk ? 'ok' : 'error',
      version: APP_VERSION,
      database: dbOk ? 'ok' : 'down',
      uptime_s: Math.round((Date.now() - deps.startedAt) / 1000),
    };
    return reply.status(dbOk ? 200 : 503).send(body);
  });
}
