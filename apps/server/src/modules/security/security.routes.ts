import type { FastifyInstance } from 'fastify';
import { securityApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as security from './security.service.js';

export async function securityRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, securityApi.setPayPassword, ({ user, body }) => security.setPayPassword(app.db, app.config.payPassword.pepper, user.id, body));
}
