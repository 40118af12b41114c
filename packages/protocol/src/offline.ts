import { z } from 'zod';

/**
 * Offline support (spec section 7 "Offline support", issue 8): the service worker path, the two
 * background-sync tags, and the two idempotent upload shapes they replay. Every queued write
 * carries a client-generated uuid; the server stores each client id once per learner.
 */

export const SERVICE_WORKER_PATH = '/sw.js';
export const SYNC_TAGS = { practiceData: 'practice-data', analytics: 'analytics' } as const;
export type SyncTag = (typeof SYNC_TAGS)[keyof typeof SYNC_TAGS];

export const OFFLINE_LIMITS = {
  /** Attempts in one offline-session upload (a long story has about 150 letters). */
  maxAttemptsPerUpload: 500,
  /** Body limit of POST /practice/offline-sessions. */
  practiceBodyBytes: 256 * 1024,
  /** Events in one POST /analytics/events batch. */
  maxEventsPerBatch: 50,
  /** Keys in one event's props. */
  maxPropKeys: 20,
} as const;

/**
 * An ISO 8601 time with its offset, from 1970 to 9999 (in UTC): a device clock reset to its epoch is
 * still a time the server can correct (sent_at) and store; a year 0 is not (the database refuses
 * it), nor 9999-12-31T23:59-23:59, which is in the year 10000 in UTC.
 */
const isoDate = z.iso.datetime({ offset: true }).refine((s) => {
  const year = new Date(s).getUTCFullYear();
  return year >= 1970 && year <= 9999;
}, 'must be a time from 1970 to 9999');

export const offlineAttemptSchema = z.object({
  client_id: z.uuid(),
  sentence_index: z.number().int().min(0).max(1000),
  word_index: z.number().int().min(0).max(1000),
  letter_index: z.number().int().min(0).max(1000),
  target: z.string().regex(/^[A-Z0-9]$/),
  detected: z.string().max(8).nullable(),
  correct: z.boolean(),
  confidence: z.number().min(0).max(1),
  held_ms: z.number().int().min(0).max(600_000),
  hint: z.string().max(200).optional(),
  at: isoDate,
  /** a wrong attempt the learner reported as misread: kept, but not counted against them */
  withdrawn: z.boolean().optional(),
});
export type OfflineAttempt = z.infer<typeof offlineAttemptSchema>;

/**
 * POST /practice/offline-sessions: one story practised without a connection, or a piece of it.
 * The same session may arrive several times with more attempts; attempts already stored are
 * skipped by their client_id, and a completed_at completes the session.
 */
export const offlineSessionRequestSchema = z.object({
  client_id: z.uuid(),
  story_id: z.string().min(1).max(80),
  /**
   * The server session this practice continued (live practice handed over to the device when the
   * connection dropped): the attempts join it, so one story practised partly online and partly
   * offline is one session. Without it, or when the learner has no such session of this story,
   * the upload is a session of its own (keyed by client_id). Equal to client_id: a session begun on
   * the device (offline, or restarted there), kept under that id while unfinished so the learner
   * can continue it online.
   */
  session_id: z.uuid().optional(),
  /**
   * The learner restarted or stopped the story on the device without finishing it: the session
   * it continued ends so (as Restart Story and Stop do online) and is not taken up again.
   */
  ended: z.enum(['restarted', 'stopped']).optional(),
  started_at: isoDate,
  completed_at: isoDate.nullable(),
  /**
   * The device's clock when it sent this upload: the server moves the session's times by the
   * difference from its own clock (a device set days or hours wrong), so the streak and the
   * dashboard's dates are the server's days. Without it, a time after the upload is taken as the
   * upload's.
   */
  sent_at: isoDate.optional(),
  /** Time spent practising; without it, the gaps between the attempts (and the completion), each up to a minute (practiceTime). */
  active_ms: z
    .number()
    .int()
    .min(0)
    .max(24 * 3_600_000)
    .optional(),
  attempts: z.array(offlineAttemptSchema).max(OFFLINE_LIMITS.maxAttemptsPerUpload),
});
export type OfflineSessionRequest = z.infer<typeof offlineSessionRequestSchema>;

export const offlineSessionResponseSchema = z.object({
  session_id: z.string(),
  status: z.string(),
  /** True when nothing new was stored: the upload was a replay. */
  duplicate: z.boolean(),
  attempts_stored: z.number().int(),
  attempts_skipped: z.number().int(),
});
export type OfflineSessionResponse = z.infer<typeof offlineSessionResponseSchema>;

export const analyticsEventNameSchema = z.string().regex(/^[a-z][a-z0-9_.:-]{0,63}$/);
const propValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

export const analyticsEventSchema = z.object({
  client_id: z.uuid(),
  name: analyticsEventNameSchema,
  at: isoDate,
  props: z
    .record(z.string().max(40), propValue)
    .refine((p) => Object.keys(p).length <= OFFLINE_LIMITS.maxPropKeys, {
      message: `At most ${OFFLINE_LIMITS.maxPropKeys} props per event.`,
    })
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** POST /analytics/events: a batch of first-party events of the signed-in learner. */
export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(OFFLINE_LIMITS.maxEventsPerBatch),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

export const analyticsBatchResponseSchema = z.object({
  stored: z.number().int(),
  duplicates: z.number().int(),
});
export type AnalyticsBatchResponse = z.infer<typeof analyticsBatchResponseSchema>;

/** The update prompt shown when a new service worker is waiting. */
export const UPDATE_READY_TEXT = 'A new version is ready';
