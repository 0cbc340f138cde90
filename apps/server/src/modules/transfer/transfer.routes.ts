import type { FastifyInstance } from 'fastify';
import { transferApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as transferService from './transfer.service.js';

export async function transferRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, transferApi.transfer, ({ user, body, request }) =>
    transferService.transfer(app.db, app.config, user.id, body, idempotencyKeyOf(request)),
  );
}
