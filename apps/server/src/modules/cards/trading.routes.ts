import type { FastifyInstance } from 'fastify';
import { cardsApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as trading from './trading.service.js';

/** The card market's routes (decision 053): selling, buying, renewal, split settings, and the operators' market views. */
export async function tradingRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, cardsApi.getHanging, ({ user, params }) => trading.previewHanging(app.db, user.id, params.id));
  registerEndpoint(app, cardsApi.postHanging, ({ user, params, request }) => trading.listCard(app.db, user.id, params.id, request.language));
  registerEndpoint(app, cardsApi.withdrawHanging, ({ user, params, request }) => trading.withdrawListing(app.db, user.id, params.id, request.language));
  registerEndpoint(app, cardsApi.listMySales, ({ user, query, request }) => trading.mySales(app.db, user.id, query, request.language));
  registerEndpoint(app, cardsApi.setAutoSell, ({ user, params, body }) => trading.setAutoSell(app.db, user.id, params.id, body.auto));

  registerEndpoint(app, cardsApi.listMarket, ({ query, request }) => trading.marketList(app.db, query, request.language));
  registerEndpoint(app, cardsApi.getMarketListing, ({ params, request }) => trading.marketListing(app.db, params.id, request.language));
  registerEndpoint(app, cardsApi.placeOrder, ({ user, body, request }) =>
    trading.placeOrder(app.db, user.id, body, idempotencyKeyOf(request), request.language),
  );
  registerEndpoint(app, cardsApi.listMyOrders, ({ user, query, request }) => trading.myOrders(app.db, user.id, query, request.language));
  registerEndpoint(app, cardsApi.listTradeRecord, ({ user, query, request }) => trading.tradeRecord(app.db, user.id, query, request.language));

  registerEndpoint(app, cardsApi.getRenewal, ({ user, params }) => trading.previewRenewal(app.db, user.id, params.id));
  registerEndpoint(app, cardsApi.renewCard, ({ user, params, request }) => trading.renewCard(app.db, user.id, params.id, idempotencyKeyOf(request)));

  registerEndpoint(app, cardsApi.getSplitSettings, ({ user }) => trading.splitSettings(app.db, user.id));
  registerEndpoint(app, cardsApi.setSplitSettings, ({ user, body }) => trading.setSplitSettings(app.db, user.id, body));

  registerEndpoint(app, cardsApi.adminGetSplitDefault, () => trading.platformSplitDefault(app.db));
  registerEndpoint(app, cardsApi.adminSetSplitDefault, ({ db, user, body }) => trading.setPlatformSplitDefault(db, user.id, body));
  registerEndpoint(app, cardsApi.adminSetLeader, ({ db, user, params, body }) => trading.adminSetLeader(db, user.id, params.id, body.leader));
  registerEndpoint(app, cardsApi.adminListOrders, ({ query, request }) => trading.adminOrders(app.db, query, request.language));
  registerEndpoint(app, cardsApi.adminListMatches, ({ query }) => trading.adminMatches(app.db, query));
  registerEndpoint(app, cardsApi.adminCancelOrder, ({ db, user, params, body, request }) =>
    trading.adminCancelOrder(db, user.id, params.id, body.reason, request.language),
  );
}
