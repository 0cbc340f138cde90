import type { FastifyInstance } from 'fastify';
import { incomesApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as incomes from './incomes.service.js';

export async function incomesRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, incomesApi.incomes, ({ user }) => incomes.incomes(app.db, user.id));
  registerEndpoint(app, incomesApi.award, ({ user }) => incomes.award(app.db, user.id));
  registerEndpoint(app, incomesApi.awardLog, ({ user, params, query }) => incomes.awardLog(app.db, user.id, params.id, query.page, query.limit));
}
