import type { FastifyInstance } from 'fastify';
import { airdropsApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as airdrops from './airdrops.service.js';

export async function airdropsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, airdropsApi.adminCreateAirdrop, ({ db, user, body }) => airdrops.createCampaign(db, user.id, body));
  registerEndpoint(app, airdropsApi.adminListAirdrops, ({ query }) => airdrops.listForOperators(app.db, query.state, query.page, query.limit));
  registerEndpoint(app, airdropsApi.adminSetAirdropRules, ({ db, user, params, body }) => airdrops.setRules(db, user.id, params.id, body));
  registerEndpoint(app, airdropsApi.listAirdrops, ({ user }) => airdrops.listOpen(app.db, user));
  registerEndpoint(app, airdropsApi.listAirdropClaims, ({ user, query }) => airdrops.listClaims(app.db, user.id, query.page, query.limit));
  registerEndpoint(app, airdropsApi.claimAirdrop, ({ user, params, request }) => airdrops.claim(app.db, user, params.id, idempotencyKeyOf(request)));
}
