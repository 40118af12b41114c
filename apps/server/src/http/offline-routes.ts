import { OFFLINE_LIMITS, PERMISSIONS, ROUTES, type AnalyticsBatchResponse } from '@asl/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../auth/service';
import type { Db } from '../db/client';
import { analyticsEvents } from '../db/schema';
import type { StoryLibrary } from '../practice/library';
import { saveOfflineSession } from '../practice/offline-sessions';
import { byAddress, byLearner, learnerWriteLimit, type WriteLimits } from './auth/limit';
import { principalOf, requireAuth, requirePermission } from './authenticate';
import { AppError } from '../errors';
import { serve } from './contract';

/**
 * The two replay targets of the offline queues (sync tags practice-data and analytics):
 * POST /practice/offline-sessions and POST /analytics/events. Both are idempotent on client ids.
 */
export function registerOfflineRoutes(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; library: StoryLibrary; writeLimits: WriteLimits },
): void {
  const authed = requireAuth(deps.auth);
  const { writeLimits } = deps;
  // The rows an upload may add: each upload is small (500 attempts), but 60 a minute of them from
  // a few accounts filled the database at 10 GB an hour and slowed everyone. Spent by what is
  // stored (a replay costs nothing); an upload is refused once the budget is used up (429 with
  // Retry-After: the device's queue keeps it and sends it later).
  const HOUR = 3_600_000;
  const attemptBudgets = (request: FastifyRequest) =>
    [
      ...(writeLimits.offlineAttemptsPerHour
        ? [
            [
              { name: 'offline-attempts', max: writeLimits.offlineAttemptsPerHour, windowMs: HOUR },
              byLearner(request),
            ] as const,
          ]
        : []),
      ...(writeLimits.offlineAttemptsPerHourPerAddress
        ? [
            [
              { name: 'offline-attempts-address', max: writeLimits.offlineAttemptsPerHourPerAddress, windowMs: HOUR },
              byAddress(request),
            ] as const,
          ]
        : []),
    ] as const;

  serve(
    app,
    ROUTES.offlineSession,
    {
      preHandler: [
        authed,
        requirePermission(PERMISSIONS.createContent),
        learnerWriteLimit(writeLimits, 'offline-sessions'),
      ],
      bodyLimit: OFFLINE_LIMITS.practiceBodyBytes,
    },
    async (request, reply) => {
      const body = request.body;
      const story = await deps.library.get(body.story_id);
      if (!story) throw new AppError('STORY_NOT_FOUND', undefined, 'story_id');
      const budgets = attemptBudgets(request);
      const room = await writeLimits.limiter.room(budgets);
      if (!room.allowed && body.attempts.length > 0) {
        throw new AppError('WRITE_RATE_LIMITED', undefined, undefined, { 'retry-after': String(room.retryAfterSec) });
      }
      const { created, ...result } = await saveOfflineSession(deps.db, principalOf(request).user.id, story, body);
      await writeLimits.limiter.spend(budgets, result.attempts_stored);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  const analyticsLimit = learnerWriteLimit(writeLimits, 'analytics', writeLimits.analyticsPerMin);
  serve(app, ROUTES.analyticsEvents, { preHandler: [authed, analyticsLimit] }, async (request, reply) => {
    const body = request.body;
    const userId = principalOf(request).user.id;
    const unique = [...new Map(body.events.map((e) => [e.client_id, e])).values()];
    const stored = await deps.db
      .insert(analyticsEvents)
      .values(
        unique.map((e) => ({
          userId,
          clientId: e.client_id,
          name: e.name,
          props: e.props ?? {},
          occurredAt: new Date(e.at),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: analyticsEvents.id });
    const answer: AnalyticsBatchResponse = { stored: stored.length, duplicates: body.events.length - stored.length };
    return reply.status(stored.length ? 201 : 200).send(answer);
  });
}
