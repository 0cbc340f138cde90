import type { FastifyInstance } from 'fastify';
import { rewardsApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as rewards from './rewards.service.js';

export async function rewardsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, rewardsApi.adminRewardRules, () => rewards.listRules(app.db));
  registerEndpoint(app, rewardsApi.adminSetRewardRule, ({ db, user, body }) => rewards.setRule(db, user.id, body));
}
