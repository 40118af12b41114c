import { join } from 'node:path';
import helmet from '@fastify/helmet';
import { API_BASE_PATH } from '@asl/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { createKeyedLimiter, perMinute } from './auth/keyed-limiter';
import { createMailer } from './auth/mailer';
import { AuthService } from './auth/service';
import { AccessTokens } from './auth/tokens';
import type { Env } from './config/env';
import type { Secrets } from './config/secrets';
import type { Database } from './db/client';
import { registerAuthRoutes } from './http/auth/routes';
import { acceptEmptyJsonBodies } from './http/empty-body';
import { registerCompression } from './http/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/error-handler';
import { registerHealthRoutes } from './http/health';
import { registerOfflineRoutes } from './http/offline-routes';
import { registerModelRoutes } from './http/models';
import { registerOpenApi } from './http/openapi';
import { registerReadyRoute, type ModelsStatus } from './http/ready';
import { registerPracticeRoutes } from './http/practice-routes';
import { trackRoutes } from './http/route-list';
import { registerSpa } from './http/spa';
import { echoRequestId, loggerOptions, requestIdOptions } from './logging';
import { Metrics, registerMetricsRoute } from './observability/metrics';
import { DbLockoutStore, FallbackLockoutStore, RedisLockoutStore } from './auth/lockout';
import { MemoryGraceStore, RedisGraceStore } from './auth/refresh-grace';
import { AnnouncingRevocationStore } from './auth/revocation-events';
import { MemoryRevocationStore, RedisRevocationStore } from './auth/revocations';
import { memoryLiveBus, redisLiveBus } from './scale/live-bus';
import { memoryLiveCount, redisLiveCount } from './scale/live-count';
import { memorySocketLedger, redisSocketLedger } from './scale/socket-ledger';
import type { RedisHandle } from './scale/redis';
import type { FrameProcessor } from './recognition/frame-processor';
import { registerLiveRoute } from './live/route';
import { capConnectionsPerAddress, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from './http/connection-cap';
import { StoryLibrary } from './practice/library';
import { LivePractice } from './practice/live-practice';

export interface AppDeps {
  env: Env;
  secrets: Secrets;
  database: Database;
  processor: FrameProcessor;
  webDistDir: string | null;
  /** Shared stores across processes when REDIS_URL is set; in-memory/database stores otherwise. */
  redis?: RedisHandle | null;
  models?: ModelsStatus;
  /** Frames waiting for a recognition worker. */
  poolQueueDepth?: () => number;
  /** Where the log goes (standard output when not given). */
  logStream?: NodeJS.WritableStream;
}

export interface BuiltApp {
  app: FastifyInstance;
  auth: AuthService;
  library: StoryLibrary;
  metrics: Metrics;
}

/** proxy-addr's trust function for N proxies in a row: hop 0 is the socket's peer. */
const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

/** Wires the HTTP API, the live socket and the SPA onto one Fastify instance. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { env } = deps;
  const redis = deps.redis ?? null;
  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL, deps.logStream),
    ...requestIdOptions(),
    // a number of proxies: the address that many hops in from the socket is the client's
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // a request whose headers and body take longer is answered 408 and closed (a body sent a byte
    // every few seconds held its connection without end: the attack review of 2026-11-28)
    // (given to Node's createServer as well: set on the server afterwards, as Fastify does, Node's
    // check never saw it and a slow request ran on for a minute); checked every few seconds
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    http: {
      requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(5000, env.HTTP_REQUEST_TIMEOUT_MS / 2),
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // the router's errors (malformed URL, overlong parameter) in the coded error shape too
    frameworkErrors,
    // and Node's own refusals (a malformed header line, headers too large)
    clientErrorHandler,
  });
  // one address cannot hold every connection (behind a proxy, every connection is the proxy's)
  const maxConnections =
    env.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? (env.TRUST_PROXY === false ? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS : 0);
  if (maxConnections > 0) capConnectionsPerAddress(app.server, maxConnections);
  trackRoutes(app);
  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  echoRequestId(app);
  const liveCount = redis ? redisLiveCount(redis.client) : memoryLiveCount();
  app.addHook('onClose', () => liveCount.close());
  const metrics = new Metrics({ liveCount, poolQueueDepth: deps.poolQueueDepth ?? (() => 0) });
  metrics.instrument(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // COOP same-origin (helmet's default) with COEP require-corp makes pages cross-origin
    // isolated, which lets the on-device recogniser run onnxruntime-web on several threads.
    // Everything the app loads is its own (CSP above), so nothing needs a CORP header of another site.
    crossOriginEmbedderPolicy: { policy: 'require-corp' },
  });
  await registerCompression(app);

  const tokens = new AccessTokens(deps.secrets.jwtSecret);
  // Rate-limit counters: Redis when scaled out (this process's memory while it is unreachable).
  const limiter = createKeyedLimiter(redis?.client ?? null, (err) =>
    app.log.warn({ err: (err as Error).message }, 'rate limits: Redis unavailable, counting in memory'),
  );
  if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
    app.log.warn(
      "PUBLIC_ORIGIN is not set: links in mails (password reset) use this server's own address, http://localhost:PORT. Set PUBLIC_ORIGIN to the address learners use.",
    );
  }
  // A revoked session's live sockets close on every process (the live bus: Redis pub/sub when scaled out).
  const redisWarn = (what: string) => (err: unknown) =>
    app.log.warn({ err: (err as Error).message }, `${what}: Redis unavailable`);
  const liveBus = redis ? await redisLiveBus(redis.client, redisWarn('live bus')) : memoryLiveBus();
  app.addHook('onClose', () => liveBus.close());
  const revocations = new AnnouncingRevocationStore(
    redis ? new RedisRevocationStore(redis.client, tokens.ttl * 1000) : new MemoryRevocationStore(tokens.ttl * 1000),
    (ids) => liveBus.publish({ type: 'sessions_revoked', sessionIds: [...ids] }),
  );
  const auth = new AuthService({
    db: deps.database.db,
    tokens,
    revocations,
    refreshGrace: {
      windowMs: env.REFRESH_REUSE_GRACE_MS,
      store: redis ? new RedisGraceStore(redis.client, redisWarn('refresh grace')) : new MemoryGraceStore(),
    },
    ...(redis
      ? {
          lockoutStore: new FallbackLockoutStore(
            new RedisLockoutStore(redis.client),
            new DbLockoutStore(deps.database.db),
            (err) =>
              app.log.warn({ err: (err as Error).message }, 'lockout store: Redis unavailable, using the database'),
          ),
        }
      : {}),
    mailer: createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: join(env.DATA_DIR, 'outbox'),
      log: app.log,
    }),
    lockoutAttempts: env.LOGIN_LOCKOUT_ATTEMPTS,
    backoffAttempts: env.LOGIN_BACKOFF_ATTEMPTS,
    backoffMs: env.LOGIN_BACKOFF_SECONDS * 1000,
    limiter,
    identifierTriesPerMin: env.RATE_LIMIT_LOGIN_PER_MIN,
    deviceSecret: deps.secrets.jwtSecret,
    onMailError: (err) => app.log.error({ err }, 'password reset mail failed'),
    adminEmails: env.ADMIN_EMAILS,
    publicOrigin: env.PUBLIC_ORIGIN,
  });
  const startedAt = Date.now();
  const library = new StoryLibrary(deps.database.db);

  await app.register(
    async (api) => {
      registerHealthRoutes(api, { database: deps.database, startedAt });
      registerReadyRoute(api, {
        database: deps.database,
        redis,
        models: deps.models ?? 'ok',
        liveCount,
        recognition: () => deps.processor.health?.() ?? null,
      });
      await registerAuthRoutes(api, auth, {
        loginPerMin: env.RATE_LIMIT_LOGIN_PER_MIN,
        registerPerMin: env.RATE_LIMIT_REGISTER_PER_MIN,
        forgotPerMin: env.RATE_LIMIT_FORGOT_PER_MIN,
        refreshPerMin: env.RATE_LIMIT_REFRESH_PER_MIN,
        resetPerMin: env.RATE_LIMIT_RESET_PER_MIN,
        writesPerMin: env.RATE_LIMIT_WRITES_PER_MIN,
        limiter,
        publicOrigin: env.PUBLIC_ORIGIN,
      });
      const writeLimits = {
        limiter,
        writesPerMin: env.RATE_LIMIT_WRITES_PER_MIN,
        analyticsPerMin: env.RATE_LIMIT_ANALYTICS_PER_MIN,
        offlineAttemptsPerHour: env.OFFLINE_ATTEMPTS_PER_HOUR,
        offlineAttemptsPerHourPerAddress: env.OFFLINE_ATTEMPTS_PER_HOUR_PER_ADDRESS,
        analyticsEventsPerHour: env.ANALYTICS_EVENTS_PER_HOUR,
        analyticsEventsPerHourPerAddress: env.ANALYTICS_EVENTS_PER_HOUR_PER_ADDRESS,
        feedbackReportsPerHour: env.FEEDBACK_REPORTS_PER_HOUR,
        feedbackReportsPerHourPerAddress: env.FEEDBACK_REPORTS_PER_HOUR_PER_ADDRESS,
        progressPerMin: env.RATE_LIMIT_PROGRESS_PER_MIN,
        progressPerMinPerAddress: env.RATE_LIMIT_PROGRESS_PER_MIN_PER_ADDRESS,
      };
      registerPracticeRoutes(api, { db: deps.database.db, auth, library, writeLimits });
      registerOfflineRoutes(api, { db: deps.database.db, auth, library, writeLimits });
    },
    { prefix: API_BASE_PATH },
  );

  await registerLiveRoute(app, {
    processor: deps.processor,
    hooks: new LivePractice(deps.database.db, library, app.log, env.PRACTICE_HOLD_MS, {
      mayMakeStory: async (userId, address) =>
        (
          await limiter.hitAll([
            [{ name: 'stories-made', max: env.STORIES_MADE_PER_HOUR, windowMs: 3_600_000 }, userId],
            [
              { name: 'stories-made:address', max: env.STORIES_MADE_PER_HOUR_PER_ADDRESS, windowMs: 3_600_000 },
              address,
            ],
          ])
        ).allowed,
      mayStart: async (userId) =>
        (await limiter.hit(perMinute('live-starts', env.LIVE_STARTS_PER_MIN), userId)).allowed,
    }),
    observer: {
      frameProcessed: (ms) => {
        metrics.framesProcessed.inc();
        metrics.recognitionLatency.observe(ms / 1000);
      },
      frameDropped: () => metrics.framesDropped.inc(),
    },
    onCount: (n) => liveCount.set(n),
    bus: liveBus,
    ledger: redis
      ? redisSocketLedger(redis.client, env.LIVE_MAX_SOCKETS_PER_USER, redisWarn('live socket cap'))
      : memorySocketLedger(env.LIVE_MAX_SOCKETS_PER_USER),
    isRevoked: (id) => revocations.isRevoked(id),
    maxFramesPerAddress: env.LIVE_MAX_FRAMES_PER_ADDRESS,
    maxSocketsPerAddress: env.LIVE_MAX_SOCKETS_PER_ADDRESS,
    maxBytesPerSecondPerAddress: env.LIVE_MAX_BYTES_PER_SECOND_PER_ADDRESS,
    authenticate: async (token) => {
      try {
        const p = await auth.authenticate(token);
        return { id: p.user.id, username: p.user.username, authSessionId: p.sessionId };
      } catch {
        return null;
      }
    },
  });

  registerModelRoutes(app, env.MODEL_DIR);
  if (env.METRICS_ENABLED) registerMetricsRoute(app, metrics, env.METRICS_TOKEN, env.NODE_ENV === 'production');
  // Reset mails are sent off the request path: let those under way finish before the database closes.
  app.addHook('preClose', () => auth.mailSettled());
  await registerOpenApi(app);
  await registerSpa(app, deps.webDistDir);
  return { app, auth, library, metrics };
}
