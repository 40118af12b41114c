import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  version: z.string(),
  database: z.enum(['ok', 'down']),
  uptime_s: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
