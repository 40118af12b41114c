import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  version: z.string(),
  database: z.enum(['ok', 'down']),
  uptime_s: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /ready: can this process take traffic? 200 when every dependency answers, else 503. */
export const readyResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'down']),
  /** `disabled` when REDIS_URL is not set (one process, in-memory stores). */
  redis: z.enum(['ok', 'down', 'disabled']),
  /** `disabled` when RECOGNITION_WORKERS=0; `missing` when the ONNX models are not there. */
  models: z.enum(['ok', 'missing', 'disabled']),
  live_connections: z.object({ process: z.number().int(), total: z.number().int().nullable() }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
