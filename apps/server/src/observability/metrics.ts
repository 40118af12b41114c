import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../errors';
import type { LiveCount } from '../scale/live-count';

export interface MetricsSources {
  liveCount: LiveCount;
  /** Frames waiting for a recognition worker (0 without a pool). */
  poolQueueDepth(): number;
}

/** The Prometheus metrics of one process (prom-client, its own registry). */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP response time by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly framesProcessed = new Counter({
    name: 'live_frames_processed_total',
    help: 'Live video frames recognised',
    registers: [this.registry],
  });
  readonly framesDropped = new Counter({
    name: 'live_frames_dropped_total',
    help: 'Live video frames dropped because the previous frame of the same learner was still in flight',
    registers: [this.registry],
  });
  readonly recognitionLatency = new Histogram({
    name: 'recognition_latency_seconds',
    help: 'Time from a frame being taken up to its recognition result (decode, hand landmarks)',
    buckets: [0.01, 0.02, 0.035, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2],
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'live_connections',
      help: 'Open live sockets in this process',
      registers: [this.registry],
      collect() {
        this.set(sources.liveCount.local());
      },
    });
    new Gauge({
      name: 'live_connections_cluster',
      help: 'Open live sockets across every process sharing Redis (this process only without Redis)',
      registers: [this.registry],
      async collect() {
        try {
          this.set(await sources.liveCount.total());
        } catch {
          /* Redis unreachable: keep the last value; /ready reports the outage */
        }
      },
    });
    new Gauge({
      name: 'recognition_pool_queue_depth',
      help: 'Frames waiting for a recognition worker thread',
      registers: [this.registry],
      collect() {
        this.set(sources.poolQueueDepth());
      },
    });
  }

  /** Counts and times every HTTP request (register on the root instance before the routes). */
  instrument(app: FastifyInstance): void {
    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const method = request.method;
      this.httpRequests.inc({ method, route, status_code: String(reply.statusCode) });
      this.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    });
  }
}

/**
 * GET /metrics in Prometheus text format, on the app's port. With `token` set, only callers
 * sending `Authorization: Bearer <token>` get it (so it is not public by accident). In
 * production without a token the route is not served at all (404), and start-up says so.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
  production = false,
): void {
  if (production && !token) {
    app.log.warn(
      'METRICS_TOKEN is not set: /metrics is not served in production. Set METRICS_TOKEN (16+ characters) to serve it to callers sending it as a bearer token, or METRICS_ENABLED=false to silence this.',
    );
    return;
  }
  const digest = (v: string) => createHash('sha256').update(v).digest();
  const expected = token ? digest(`Bearer ${token}`) : null;
  app.get('/metrics', async (request, reply) => {
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      throw new AppError('UNAUTHENTICATED');
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
