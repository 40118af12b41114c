import { PERMISSIONS, ROUTES } from '@asl/protocol';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/service';
import type { Db } from '../db/client';
import { feedbackReports } from '../db/schema';
import type { StoryLibrary } from '../practice/library';
import { computeProgress } from '../practice/progress';
import { ownPracticeSessionId } from '../practice/session-owner';
import { withdrawAttempt } from '../practice/withdraw-attempt';
import { listStories, rowToSummary } from '../practice/stories-repo';
import { storyStates } from '../practice/story-states';
import { byAddress, byLearner, learnerWriteLimit, limitRequests, type WriteLimits } from './auth/limit';
import { perMinute } from '../auth/keyed-limiter';
import { principalOf, requireAuth, requirePermission } from './authenticate';
import { AppError } from '../errors';
import { serve } from './contract';
import { storableReal } from '../db/storable';
import { withinRowBudget, type RowBudget } from './row-budget';

/** Stories, progress and feedback reports: GET /stories, GET /stories/:id, GET /progress, POST /feedback-reports. */
export function registerPracticeRoutes(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; library: StoryLibrary; writeLimits: WriteLimits },
): void {
  const authed = requireAuth(deps.auth);
  const canRead = requirePermission(PERMISSIONS.readOwnData);

  serve(app, ROUTES.stories, { preHandler: [authed, canRead] }, async (request) => {
    const q = request.query;
    const [rows, states] = await Promise.all([
      listStories(deps.db, { level: q.level, tag: q.tag }),
      storyStates(deps.db, principalOf(request).user.id),
    ]);
    return {
      stories: rows.map((row) => {
        const summary = rowToSummary(row);
        const learner = states.get(summary.id);
        return learner ? { ...summary, learner } : summary;
      }),
    };
  });

  serve(app, ROUTES.story, { preHandler: [authed, canRead] }, async (request) => {
    const { id } = request.params;
    const story = await deps.library.get(id);
    if (!story) throw new AppError('STORY_NOT_FOUND');
    return { story };
  });

  // the heaviest read (every attempt of the learner, several times): limited per learner and per
  // address, so one account (or a few) calling it in a loop does not queue everyone's queries
  const progressLimit = limitRequests(deps.writeLimits.limiter, 'RATE_LIMITED', [
    { rule: perMinute('progress', deps.writeLimits.progressPerMin ?? 60), key: byLearner },
    { rule: perMinute('progress:address', deps.writeLimits.progressPerMinPerAddress ?? 600), key: byAddress },
  ]);
  serve(app, ROUTES.progress, { preHandler: [authed, canRead, progressLimit] }, async (request) => {
    const principal = principalOf(request);
    const progress = await computeProgress(deps.db, principal.user.id, request.query.tz);
    const lastLevel = progress.recent_sessions.length
      ? ((await deps.library.get(progress.recent_sessions[0]!.story_id))?.level ?? 1)
      : 1;
    const recent = progress.recent_sessions.slice(0, 3).map((s) => s.story_id);
    // the last story finished with every letter right first time: its result says "Try a story at
    // the next level", and the next story is one (it had been another of the same level: the
    // learner review of 2026-11-28, second round)
    const last = progress.recent_sessions[0];
    const levelUp = last?.status === 'completed' && last.overall_score === 100 && last.counting === 'letters';
    const next = await deps.library.next(
      progress.weakest_letters,
      levelUp ? Math.min(4, lastLevel + 1) : lastLevel,
      recent,
    );
    // the dashboard's button: a short drill of the weakest letters, or with none weak, the next story
    // (only suggested: the drill is made when the learner starts it, within their budget)
    const suggested = (await deps.library.drillOf(progress.weakest_letters, lastLevel)) ?? next;
    return { ...progress, suggested_story_id: suggested?.id ?? null, next_story_id: next?.id ?? null };
  });

  const reports: RowBudget = {
    name: 'feedback-reports',
    perLearnerPerHour: deps.writeLimits.feedbackReportsPerHour,
    perAddressPerHour: deps.writeLimits.feedbackReportsPerHourPerAddress,
  };
  serve(
    app,
    ROUTES.feedbackReport,
    {
      preHandler: [
        authed,
        requirePermission(PERMISSIONS.createContent),
        learnerWriteLimit(deps.writeLimits, 'feedback-reports'),
      ],
    },
    async (request, reply) => {
      const body = request.body;
      const userId = principalOf(request).user.id;
      // Another learner's session is answered like one that does not exist, and nothing is stored.
      const sessionId = body.session_id ? await ownPracticeSessionId(deps.db, body.session_id, userId) : null;
      if (body.session_id && !sessionId) throw new AppError('SESSION_NOT_FOUND', undefined, 'session_id');
      const inserted = await withinRowBudget(deps.writeLimits.limiter, reports, request, {
        rows: 1,
        store: async () => {
          const rows = await deps.db
            .insert(feedbackReports)
            .values({
              userId,
              sessionId,
              target: body.target,
              detected: body.detected,
              confidence: body.confidence === undefined ? null : storableReal(body.confidence),
              landmarks: body.landmarks ?? null,
              frames: body.frames?.length ? body.frames : null,
              note: body.note ?? null,
              clientId: body.client_id ?? null,
              attemptId: body.attempt_id ?? null,
            })
            .onConflictDoNothing()
            .returning({ id: feedbackReports.id });
          return { result: rows, stored: rows.length };
        },
        // a replay of a report stored already (same client_id) goes through
        addsNothing: async () => !!body.client_id && !!(await storedReportId(deps.db, userId, body.client_id)),
      });
      const withdrawn = body.attempt_id ? await withdrawAttempt(deps.db, userId, body.attempt_id) : false;
      if (inserted[0]) return reply.status(201).send({ id: inserted[0].id, duplicate: false, withdrawn });
      // Idempotent replay of the same client_id: answer with the record already stored.
      const existing = await storedReportId(deps.db, userId, body.client_id ?? '');
      return reply.status(200).send({ id: existing, duplicate: true, withdrawn });
    },
  );
}

/** The learner's report stored under this client id, or null. */
async function storedReportId(db: Db, userId: string, clientId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: feedbackReports.id })
    .from(feedbackReports)
    .where(and(eq(feedbackReports.userId, userId), eq(feedbackReports.clientId, clientId)))
    .limit(1);
  return row?.id ?? null;
}
