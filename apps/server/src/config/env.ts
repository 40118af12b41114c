import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed once at start-up.
 * A bad value stops the process with a message naming the variable.
 */
const port = z.coerce.number().int().min(0).max(65535);
const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Which proxies' X-Forwarded-For to believe. `true` (or `yes`, `1`): the one proxy in front of the
 * server, so the client's address is the last entry (the entries before it are the client's own to
 * write: trusting them all let anyone pick their address and walk past every per-address limit,
 * the attack review of 2026-11-28); a number N of 2 or more: N proxies in a row; otherwise
 * comma-separated addresses or CIDR ranges of the proxies; `false` (the default): none.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    const lower = v.toLowerCase();
    if (['false', 'no', '0', ''].includes(lower)) return false;
    if (['true', 'yes', '1'].includes(lower)) return 1;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((s) => s.trim());
    if (list.every((s) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(s))) return list;
    ctx.addIssue({ code: 'custom', message: 'must be true, false, a number of proxies, or proxy addresses/CIDRs' });
    return z.NEVER;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_ORIGIN: z.url({ error: 'must be an absolute URL such as https://asl.example.org' }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('SignSpeak <no-reply@localhost>'),
  SUPPORT_EMAIL: z.email().default('support@localhost'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  RATE_LIMIT_LOGIN_PER_MIN: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_REGISTER_PER_MIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_FORGOT_PER_MIN: z.coerce.number().int().positive().default(5),
  LOGIN_LOCKOUT_ATTEMPTS: z.coerce.number().int().positive().default(5),
  // Failed sign-ins on one identifier from every address after which it allows one try per LOGIN_BACKOFF_SECONDS.
  LOGIN_BACKOFF_ATTEMPTS: z.coerce.number().int().positive().default(20),
  LOGIN_BACKOFF_SECONDS: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_REFRESH_PER_MIN: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_RESET_PER_MIN: z.coerce.number().int().positive().default(10),
  // Per learner: analytics batches, and each other kind of write (feedback, offline sessions, profile).
  RATE_LIMIT_ANALYTICS_PER_MIN: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_WRITES_PER_MIN: z.coerce.number().int().positive().default(60),
  // Attempts stored from offline uploads per learner, and per client address, per hour: a learner
  // signs at most about one letter a second; the address's figure leaves room for a classroom.
  OFFLINE_ATTEMPTS_PER_HOUR: z.coerce.number().int().positive().default(3600),
  OFFLINE_ATTEMPTS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().positive().default(20_000),
  // Analytics events and feedback reports stored per learner per hour (a tab sends a few a minute).
  ANALYTICS_EVENTS_PER_HOUR: z.coerce.number().int().positive().default(3000),
  FEEDBACK_REPORTS_PER_HOUR: z.coerce.number().int().positive().default(200),
  // ... and per client address (fresh accounts from one address are not a way round them).
  ANALYTICS_EVENTS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().positive().default(30_000),
  FEEDBACK_REPORTS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().positive().default(1000),
  // Topic and drill stories made for a learner per hour (each a row of the shared story table).
  STORIES_MADE_PER_HOUR: z.coerce.number().int().positive().default(30),
  // ... and per client address (a classroom's learners together).
  STORIES_MADE_PER_HOUR_PER_ADDRESS: z.coerce.number().int().positive().default(300),
  // Sessions a learner may start or resume a minute on the live socket (a page starts one per
  // connection, and one per story chosen).
  LIVE_STARTS_PER_MIN: z.coerce.number().int().positive().default(30),
  PRACTICE_HOLD_MS: z.coerce.number().int().min(300).max(500).default(400),
  RECOGNITION_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  // A recognition task running longer than this is abandoned: its worker thread is terminated and
  // replaced, and the frame answered RECOGNITION_TIMEOUT (normal frames take 10-30 ms).
  RECOGNITION_TASK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  MODEL_DIR: z.string().min(1).default('.cache/models'),
  // full-int8 (float stem): as accurate as full in leave-one-signer-out validation, a quarter faster
  LANDMARK_MODEL: z.enum(['full', 'full-int8', 'lite']).default('full-int8'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // Live sockets one learner may keep open (across processes with Redis); one more closes the oldest.
  LIVE_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  // Live sockets one client address may keep open in a process (its accounts together); one more is refused (1013).
  LIVE_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  // Bytes the live sockets of one client address may send a second together (16 MB: a classroom's frames).
  LIVE_MAX_BYTES_PER_SECOND_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(16 * 1024 * 1024),
  // HTTP connections one client address may hold open at once (0: no cap); above it new ones are cut.
  // Behind a reverse proxy every connection comes from the proxy: with TRUST_PROXY set it defaults to 0.
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  // A request (headers and body) taking longer than this is answered 408 and closed (slow clients).
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  // GET /progress (the dashboard's figures, the heaviest read) per learner and per client address per minute.
  RATE_LIMIT_PROGRESS_PER_MIN: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_PROGRESS_PER_MIN_PER_ADDRESS: z.coerce.number().int().positive().default(600),
  // Frames of one client address in recognition at once (its accounts together); more are dropped.
  LIVE_MAX_FRAMES_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(3),
  // A just-rotated refresh token presented again within this window answers the same successor
  // (two tabs refreshing at once) instead of counting as theft; 0 turns the window off.
  REFRESH_REUSE_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  METRICS_ENABLED: boolish.default(true),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return result.data;
}
