import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from '../core/auth-user.js';
import { authenticate } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<AuthUser>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (request.user) return request.user;
    request.user = await authenticate(app.db, app.config, request.headers.authorization);
    return request.user;
  });
});
