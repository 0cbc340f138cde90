import type { FastifyInstance } from 'fastify';
import { marketApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as market from './market.service.js';

export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const symbols = app.config.assetSymbols;
  registerEndpoint(app, marketApi.listLakes, () => market.listLakes(app.db, symbols));
  registerEndpoint(app, marketApi.getLake, ({ params }) => market.getLake(app.db, params.id, symbols));
  registerEndpoint(app, marketApi.quoteExchange, ({ params, query }) => market.quote(app.db, params.from, params.to, query.amount));
  registerEndpoint(app, marketApi.exchange, async ({ user, params, body, request }) => {
    if (user.roles.length > 0) await market.checkCreatorCoolingOff(app.db, user.id, params.from, params.to);
    return market.swap(app.db, user.id, { from: params.from, to: params.to, amount: body.amount, minOut: body.min_out }, idempotencyKeyOf(request));
  });
  registerEndpoint(app, marketApi.listPrices, ({ query }) => market.priceSeries(app.db, query.range, query.lake));
  registerEndpoint(app, marketApi.getPrice, ({ params }) => market.pricePoint(app.db, params.id));
  registerEndpoint(app, marketApi.getIndex, () => market.coinStats(app.db, app.config));
  registerEndpoint(app, marketApi.getMyIndex, ({ user }) => market.myIndex(app.db, app.config, user.id));
  registerEndpoint(app, marketApi.getTransferDate, () => market.transferDate(app.db));
  registerEndpoint(app, marketApi.adminCreateLake, ({ db, user, body }) => market.createLake(db, user.id, body, symbols));
  registerEndpoint(app, marketApi.adminUpdateLake, ({ db, params, body }) => market.updateLake(db, params.id, body, symbols));
}
