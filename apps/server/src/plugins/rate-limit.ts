/**
 * 'Do not operate frequently': a request budget per minute for each caller (decision 036).
 * - A signed-in caller is keyed by user id: another spelling of the token ('Bearer  T', a bare 'T') or a
 *   second sign-in is the same user, so neither gives a fresh allowance. A user behind a shared NAT is still
 *   not punished for neighbours.
 * - Anyone else (no token, a junk or expired one) is keyed by the client address, which is the socket's
 *   address unless TRUST_PROXY names the proxies whose X-Forwarded-For is believed.
 * - Nonce and sign-in requests have their own, smaller budget per address (SIGN_IN_PER_MINUTE), so
 *   signing in over and over is limited too.
 * With REDIS_URL the counters live in Redis, so the limits hold across several server processes. While Redis cannot
 * be reached the limits are not applied (`skipOnError`): no money path depends on Redis, and a request refused for a
 * cache's outage would be (decision 128). The per-message chat flood gate keeps a local window meanwhile.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { authApi, phoneApi } from '@reef/contract';

const SIGN_IN_ROUTES = new Set<string>([authApi.loginNonce.path, authApi.login.path, phoneApi.sendCode.path, phoneApi.loginMobile.path]);
const SIGN_IN_PREFIX = 'signin:';

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { rateLimitPerMinute: max, signInPerMinute } = app.config;
  if (max === 0 && signInPerMinute === 0) return;
  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }

  const keyOf = async (request: FastifyRequest): Promise<string> => {
    if (SIGN_IN_ROUTES.has(request.routeOptions.url ?? '')) return `${SIGN_IN_PREFIX}${request.ip}`;
    if (request.headers.authorization) {
      try {
        // The route authenticates anyway: app.authenticate keeps the user on the request, so this is the one lookup.
        return `u:${(await app.authenticate(request)).id}`;
      } catch {
        // A junk, expired or revoked token: counted against the address; the route answers 401 as before.
      }
    }
    return `ip:${request.ip}`;
  };

  await app.register(rateLimit, {
    max: (_request, key) => (key.startsWith(SIGN_IN_PREFIX) ? signInPerMinute : max),
    timeWindow: 60_000,
    redis,
    nameSpace: 'reef-rate:',
    skipOnError: true,
    // Only the API is limited; the static app and its assets are not. A budget set to 0 is off.
    allowList: (request, key) => !request.url.startsWith('/api/') || (key.startsWith(SIGN_IN_PREFIX) ? signInPerMinute : max) === 0,
    keyGenerator: keyOf,
    errorResponseBuilder: (_request, context) => {
      const error = new Error('rate limited') as Error & { statusCode: number; retryAfter: string };
      error.statusCode = 429;
      error.retryAfter = context.after;
      return error;
    },
  });
});
