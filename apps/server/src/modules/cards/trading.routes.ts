import type { FastifyInstance } from 'fastify';
import { cardsApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as operators from './operators/market.js';
import { listCard, mySales, previewListing, setAutoSell, withdrawListing } from './trading/listing.js';
import { marketList, marketListing, myOrders, tradeRecord } from './trading/market-pages.js';
import { setSplitSettings, splitSettings } from './trading/order-split.js';
import { placeOrder } from './trading/orders.js';
import { previewRenewal, renewCard } from './trading/renewal.js';

/** The card market's routes (decision 053): selling, buying, renewal, split settings, and the operators' market views. */
export async function tradingRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, cardsApi.getListingPreview, ({ user, params }) => previewListing(app.db, user.id, params.id));
  registerEndpoint(app, cardsApi.listCard, ({ user, params, request }) => listCard(app.db, user.id, params.id, request.language));
  registerEndpoint(app, cardsApi.withdrawListing, ({ user, params, request }) => withdrawListing(app.db, user.id, params.id, request.language));
  registerEndpoint(app, cardsApi.listMySales, ({ user, query, request }) => mySales(app.db, user.id, query, request.language));
  registerEndpoint(app, cardsApi.setAutoSell, ({ user, params, body }) => setAutoSell(app.db, user.id, params.id, body.auto));

  registerEndpoint(app, cardsApi.listMarket, ({ query, request }) => marketList(app.db, query, request.language));
  registerEndpoint(app, cardsApi.getMarketListing, ({ params, request }) => marketListing(app.db, params.id, request.language));
  registerEndpoint(app, cardsApi.placeOrder, ({ user, body, request }) => placeOrder(app.db, user.id, body, idempotencyKeyOf(request), request.language));
  registerEndpoint(app, cardsApi.listMyOrders, ({ user, query, request }) => myOrders(app.db, user.id, query, request.language));
  registerEndpoint(app, cardsApi.listTradeRecord, ({ user, query, request }) => tradeRecord(app.db, user.id, query, request.language));

  registerEndpoint(app, cardsApi.getRenewal, ({ user, params }) => previewRenewal(app.db, user.id, params.id));
  registerEndpoint(app, cardsApi.renewCard, ({ user, params, request }) => renewCard(app.db, user.id, params.id, idempotencyKeyOf(request)));

  registerEndpoint(app, cardsApi.getSplitSettings, ({ user }) => splitSettings(app.db, user.id));
  registerEndpoint(app, cardsApi.setSplitSettings, ({ user, body }) => setSplitSettings(app.db, user.id, body));

  registerEndpoint(app, cardsApi.adminGetSplitDefault, () => operators.platformSplitDefault(app.db));
  registerEndpoint(app, cardsApi.adminSetSplitDefault, ({ db, user, body }) => operators.setPlatformSplitDefault(db, user.id, body));
  registerEndpoint(app, cardsApi.adminSetLeader, ({ db, user, params, body }) => operators.adminSetLeader(db, user.id, params.id, body.leader));
  registerEndpoint(app, cardsApi.adminListOrders, ({ query, request }) => operators.adminOrders(app.db, query, request.language));
  registerEndpoint(app, cardsApi.adminListMatches, ({ query }) => operators.adminMatches(app.db, query));
  registerEndpoint(app, cardsApi.adminCancelOrder, ({ db, user, params, body, request }) =>
    operators.adminCancelOrder(db, user.id, params.id, body.reason, request.language),
  );
}
