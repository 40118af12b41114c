import { OFFLINE_LIMITS, PERMISSIONS, ROUTES, type AnalyticsBatchResponse } from '@asl/protocol';
import type { FastifyInstance } from 'fastify';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AuthService } from '../auth/service';
import type { Db } from '../db/client';
import { analyticsEvents } from '../db/schema';
import type { StoryLibrary } from '../practice/library';
import { saveOfflineSession, storedAttempts } from '../practice/offline-sessions';
import { learnerWriteLimit, type WriteLimits } from './auth/limit';
import { withinRowBudget, type RowBudget } from './row-budget';
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
  const attempts: RowBudget = {
    name: 'offline-attempts',
    perLearnerPerHour: writeLimits.offlineAttemptsPerHour,
    perAddressPerHour: writeLimits.offlineAttemptsPerHourPerAddress,
  };
  const events: RowBudget = {
    name: 'analytics-events',
    perLearnerPerHour: writeLimits.analyticsEventsPerHour,
    perAddressPerHour: writeLimits.analyticsEventsPerHourPerAddress,
  };

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
      const userId = principalOf(request).user.id;
      const { created, ...result } = await withinRowBudget(writeLimits.limiter, attempts, request, {
        rows: body.attempts.length,
        store: async () => {
          const saved = await saveOfflineSession(deps.db, userId, story, body);
          return { result: saved, stored: saved.attempts_stored };
        },
        addsNothing: async () =>
          (await storedAttempts(
            deps.db,
            userId,
            body.attempts.map((a) => a.client_id),
          )) === body.attempts.length,
      });
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  const analyticsLimit = learnerWriteLimit(writeLimits, 'analytics', writeLimits.analyticsPerMin);
  serve(app, ROUTES.analyticsEvents, { preHandler: [authed, analyticsLimit] }, async (request, reply) => {
    const body = request.body;
    const userId = principalOf(request).user.id;
    const unique = [...new Map(body.events.map((e) => [e.client_id, e])).values()];
    const stored = await withinRowBudget(writeLimits.limiter, events, request, {
      rows: unique.length,
      store: async () => {
        const rows = await deps.db
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
        return { result: rows, stored: rows.length };
      },
      addsNothing: async () =>
        (await storedEvents(
          deps.db,
          userId,
          unique.map((e) => e.client_id),
        )) === unique.length,
    });
    const answer: AnalyticsBatchResponse = { stored: stored.length, duplicates: body.events.length - stored.length };
    return reply.status(stored.length ? 201 : 200).send(answer);
  });
}

/** How many of these analytics event ids the learner has stored already (a replay's are all stored). */
async function storedEvents(db: Db, userId: string, clientIds: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.userId, userId), inArray(analyticsEvents.clientId, clientIds)));
  return row?.n ?? 0;
}
