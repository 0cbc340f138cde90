import type { FastifyInstance } from 'fastify';
import { miningApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as mining from './mining.service.js';

export async function miningRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, miningApi.listMiningProducts, ({ user }) => mining.listProducts(app.db, user.id));
  registerEndpoint(app, miningApi.myMiners, ({ user, query }) => mining.myMiners(app.db, user.id, query.page, query.limit));
  registerEndpoint(app, miningApi.minerDetails, ({ user, params }) => mining.minerDetails(app.db, user.id, params.id));
  registerEndpoint(app, miningApi.listBubbles, ({ user }) => mining.listBubbles(app.db, user.id));
  registerEndpoint(app, miningApi.collectBubble, ({ user, params, request }) => mining.collect(app.db, user, params.id, idempotencyKeyOf(request)));
  registerEndpoint(app, miningApi.buyMiner, ({ user, params, body, request }) => mining.buy(app.db, user, params.id, body, idempotencyKeyOf(request)));

  registerEndpoint(app, miningApi.adminListMiningProducts, () => mining.listProductsForOperators(app.db));
  registerEndpoint(app, miningApi.adminCreateMiningProduct, ({ db, user, body }) => mining.createProduct(db, user.id, body));
  registerEndpoint(app, miningApi.adminEditMiningProduct, ({ db, user, params, body }) => mining.editProduct(db, user.id, params.id, body));
  registerEndpoint(app, miningApi.adminSetMiningProductStatus, ({ db, user, params, body }) => mining.editProduct(db, user.id, params.id, body, 'status'));
  registerEndpoint(app, miningApi.adminPauseMiner, ({ db, user, params, body }) => mining.setMinerPaused(db, user.id, params.id, body.paused));
  registerEndpoint(app, miningApi.adminMiningOutstanding, () => mining.outstanding(app.db));
}
