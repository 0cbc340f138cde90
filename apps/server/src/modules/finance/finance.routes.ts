import type { FastifyInstance } from 'fastify';
import { ledgerApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as finance from './finance.service.js';

export async function financeRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, ledgerApi.transfer, ({ user, body, request }) =>
    finance.transfer(app.db, app.config, user.id, body, idempotencyKeyOf(request)),
  );
}
