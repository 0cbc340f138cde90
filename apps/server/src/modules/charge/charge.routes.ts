import type { FastifyInstance } from 'fastify';
import { chargeApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as charge from './charge.service.js';

export async function chargeRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, chargeApi.chargeCalculator, async ({ body }) => charge.calculate(app.config, body.amount));
  registerEndpoint(app, chargeApi.charge, ({ user, body, request }) => charge.charge(app.db, app.config, user.id, body.amount, idempotencyKeyOf(request)));
  registerEndpoint(app, chargeApi.chargeBnbCalculator, async ({ body }) => charge.calculateBnb(app.config, body.amount_bnb));
  registerEndpoint(app, chargeApi.chargeBnb, ({ user, body, request }) =>
    charge.chargeBnb({ db: app.db, config: app.config, chain: app.chain, log: request.log }, user, body.tx_hash),
  );
  registerEndpoint(app, chargeApi.listBnbCharges, ({ user, query }) => charge.listOwnBnbCharges(app.db, app.config, user.id, query.page, query.limit));
  registerEndpoint(app, chargeApi.getBnbCharge, ({ user, params }) => charge.getOwnBnbCharge(app.db, app.config, user.id, params.id));
}
