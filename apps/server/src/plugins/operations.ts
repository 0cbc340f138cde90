/**
 * Day-two operations (decision 079): `GET /healthz` (the process answers), `GET /readyz` (the database and, with
 * REDIS_URL, Redis answer; 503 otherwise) and `GET /metrics` (Prometheus text, only for a bearer of METRICS_TOKEN:
 * 404 without one configured, 401 for a wrong one). Outside /api: not rate limited, no envelope, so load balancers
 * and scrapers read them as they expect.
 *
 * The request metrics are kept by hooks on every route: the count by route pattern, method and status class, the
 * latency histogram by route, and the errors (5xx). A URL no route matches counts under `route="unmatched"`, so a
 * scan of random paths cannot grow the series without bound.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import * as clock from '../core/clock.js';
import { ping } from '../db/client.js';
import { MetricsRegistry, PROMETHEUS_CONTENT_TYPE } from '../infra/metrics.js';
import { queueDepth } from '../infra/jobs/jobs.repository.js';
import { postingCount } from '../modules/ledger/ledger.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics; `GET /metrics` renders them (decision 079). */
    metrics: MetricsRegistry;
    /**
     * Aborted when shutdown begins (decision 080): long answers (the AI stream) stop, save what they have and end,
     * so their connections can close before the deadline.
     */
    shutdownSignal: AbortSignal;
    /** Every route registered after this plugin, as Fastify saw it (the OpenAPI test compares the document to it). */
    registeredRoutes: { method: string; url: string }[];
  }
}

/** How often, while shutting down, connections that have finished their last answer are closed. */
const IDLE_REAP_MS = 50;

/** A check that takes longer than this counts as failed: a probe must answer before the balancer gives up. */
const READY_CHECK_MS = 2000;
/** Seconds; from a cached session read to a slow transfer under load. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
export const OPERATIONS_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

const startedAt = Symbol('startedAt');
type Timed = FastifyRequest & { [startedAt]?: bigint };

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

export const operationsPlugin = fp(async (app: FastifyInstance) => {
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  const registry = new MetricsRegistry();
  app.decorate('metrics', registry);
  const requests = registry.counter('reef_http_requests_total', 'HTTP requests answered, by method, route pattern and status class.');
  const errors = registry.counter('reef_http_request_errors_total', 'HTTP requests answered with a 5xx status, by method and route pattern.');
  const latency = registry.histogram(
    'reef_http_request_duration_seconds',
    'Time from request to the end of the answer, by method and route pattern.',
    LATENCY_BUCKETS,
  );
  registry.gauge('reef_open_sockets', 'Chat sockets open on this process.', () => [{ value: app.realtime?.sockets.size ?? 0 }]);
  registry.gauge('reef_job_queue_depth', 'Unfinished jobs in the shared queue, by state (due: waiting for a runner).', async () => {
    const depth = await queueDepth(app.db, clock.now());
    return Object.entries(depth).map(([state, value]) => ({ labels: { state }, value }));
  });
  registry.gauge('reef_ledger_postings', 'Ledger postings (journal lines) written so far, all processes together.', async () => [
    { value: await postingCount(app.db) },
  ]);
  registry.gauge('reef_process_resident_memory_bytes', 'Resident memory of this process.', () => [{ value: process.memoryUsage().rss }]);

  // Shutdown (decision 080). Node closes the connections idle when close() is called, once: a keep-alive connection
  // whose request was still running then stays open after its answer until the client lets go (a browser or a proxy
  // keeps it for minutes, and its next request starts the wait again), and close() never returns. So every answer
  // sent while draining says `Connection: close`, and idle connections are closed until none is left.
  const shutdown = new AbortController();
  app.decorate('shutdownSignal', shutdown.signal);
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    shutdown.abort();
    reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_MS);
  });
  app.addHook('onClose', async () => clearInterval(reaper));
  app.addHook('onSend', async (_request, reply) => {
    if (shutdown.signal.aborted) reply.header('connection', 'close');
  });

  app.addHook('onRequest', async (request) => {
    (request as Timed)[startedAt] = process.hrtime.bigint();
  });
  app.addHook('onResponse', async (request, reply) => {
    const started = (request as Timed)[startedAt];
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route };
    const status = reply.statusCode;
    requests.inc({ ...labels, status: `${Math.floor(status / 100)}xx` });
    if (status >= 500) errors.inc(labels);
    if (started !== undefined) latency.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
  });

  let redis: Redis | null = null;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // Reconnects by itself; an unreachable Redis is what /readyz reports, not a log line a second.
    redis.on('error', () => undefined);
    redis.connect().catch(() => undefined);
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }

  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const checks: Record<string, 'ok' | 'failed'> = {};
    const check = async (name: string, work: () => Promise<unknown>) => {
      try {
        await withinDeadline(work(), READY_CHECK_MS);
        checks[name] = 'ok';
      } catch (error) {
        request.log.warn({ check: name, err: error }, 'readiness check failed');
        checks[name] = 'failed';
      }
    };
    await Promise.all([check('database', () => ping(app.db)), ...(redis ? [check('redis', () => redis.ping())] : [])]);
    const ready = Object.values(checks).every((state) => state === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', checks });
  });

  app.get('/metrics', async (request, reply) => {
    const metrics = app.config.metrics;
    if (!metrics) return reply.code(404).send({ status: 'not found' });
    if (!tokenMatches(request.headers.authorization, metrics.token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
    }
    const { text, failed } = await registry.render();
    if (failed.length > 0) request.log.warn({ metrics: failed }, 'metrics not collected');
    return reply.header('content-type', PROMETHEUS_CONTENT_TYPE).header('cache-control', 'no-store').send(text);
  });
});
