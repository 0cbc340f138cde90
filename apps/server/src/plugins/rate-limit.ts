/**
 * 'Do not operate frequently': a per-caller request budget per minute, keyed by the bearer token when
 * there is one (a user behind a shared NAT is not punished for neighbours) and by IP otherwise.
 * With REDIS_URL the counters live in Redis, so the limit holds across several server processes.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const max = app.config.rateLimitPerMinute;
  if (max === 0) return;
  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    max,
    timeWindow: 60_000,
    redis,
    nameSpace: 'reef-rate:',
    // Only the API is limited; the static app and its assets are not.
    allowList: (request) => !request.url.startsWith('/api/'),
    keyGenerator: (request) => {
      const auth = request.headers.authorization;
      return auth ? `t:${createHash('sha256').update(auth).digest('hex').slice(0, 32)}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) => {
      const error = new Error('rate limited') as Error & { statusCode: number; retryAfter: string };
      error.statusCode = 429;
      error.retryAfter = context.after;
      return error;
    },
  });
});
