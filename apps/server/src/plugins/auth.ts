import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from '../core/auth-user.js';
import { startBroadcast } from '../infra/broadcast.js';
import { authenticate } from '../modules/auth/auth.service.js';
import { SessionCache } from '../modules/auth/session-cache.js';
import { createAccessBook, type AccessBook } from '../modules/operators/operators.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<AuthUser>;
    /** Sessions this process has seen; revocations reach every process's copy (decision 034). */
    sessions: SessionCache;
    /** Operator roles and frozen users as this process last read them; every change reaches every process (decision 082). */
    access: AccessBook;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Enough for every active user of one node; past it the oldest entries go. */
const MAX_CACHED_SESSIONS = 100_000;
/** A backstop only: revocations arrive by broadcast at once. */
const SESSION_CACHE_MAX_AGE_MS = 60_000;

export const authPlugin = fp(async (app: FastifyInstance) => {
  const broadcast = await startBroadcast({ redisUrl: app.config.redisUrl, channel: `${app.config.realtimeChannel}:sessions`, log: app.log });
  app.addHook('onClose', async () => broadcast.close());
  app.decorate('sessions', new SessionCache(broadcast, { maxEntries: MAX_CACHED_SESSIONS, maxAgeMs: SESSION_CACHE_MAX_AGE_MS }));
  app.decorate('access', createAccessBook(app.db, broadcast));
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (request.user) return request.user;
    request.user = await authenticate(app.db, app.config, request.headers.authorization, app.sessions, app.access);
    return request.user;
  });
});
