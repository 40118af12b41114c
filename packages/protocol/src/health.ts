import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  version: z.string(),
  database: z.enum(['ok', 'down']),
  uptime_s: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * The recognition worker pool as GET /ready reports it. degraded: a worker was killed and
 * replaced (it overran the per-task deadline, or crashed) within the window; the pool still
 * answers. down: the pool keeps failing (more than three replacements per worker within a minute)
 * or has no worker left; /ready is then 503.
 */
export const recognitionHealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  workers: z.number().int(),
  task_timeout_ms: z.number().int(),
  /** since start: tasks that overran the deadline (each one's worker was replaced) */
  timeouts: z.number().int(),
  /** since start: tasks that failed in the pool otherwise (a worker died under them, say) */
  failed: z.number().int(),
  /** workers terminated and replaced within the last window_s seconds */
  replaced_recently: z.number().int(),
  window_s: z.number().int(),
  last_replaced_at: z.string().nullable(),
});
export type RecognitionHealth = z.infer<typeof recognitionHealthSchema>;

/** GET /ready: can this process take traffic? 200 when every dependency answers, else 503. */
export const readyResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'down']),
  /** `disabled` when REDIS_URL is not set (one process, in-memory stores). */
  redis: z.enum(['ok', 'down', 'disabled']),
  /** `disabled` when RECOGNITION_WORKERS=0; `missing` when the ONNX models are not there. */
  models: z.enum(['ok', 'missing', 'disabled']),
  live_connections: z.object({ process: z.number().int(), total: z.number().int().nullable() }),
  /** null when there is no worker pool (models disabled or missing, or a test's own processor) */
  recognition: recognitionHealthSchema.nullable(),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
