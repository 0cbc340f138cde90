import type { FastifyInstance } from 'fastify';
import { consoleApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as audit from './audit.service.js';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, consoleApi.adminAuditLog, ({ query }) => audit.search(app.db, query));
}
