import type { FastifyInstance } from 'fastify';
import { shopApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as shop from './shop.service.js';

export async function shopRoutes(app: FastifyInstance): Promise<void> {
  const times = shop.shopTimes(app.config);
  registerEndpoint(app, shopApi.listGoods, ({ user, query }) => shop.listGoods(app.db, user.id, query.page, query.limit));
  registerEndpoint(app, shopApi.goodsDetail, ({ user, params }) => shop.goodsDetail(app.db, user.id, params.id));

  registerEndpoint(app, shopApi.listAddresses, ({ user }) => shop.listAddresses(app.db, user.id));
  registerEndpoint(app, shopApi.createAddress, ({ user, body }) => shop.createAddress(app.db, user.id, body));
  registerEndpoint(app, shopApi.editAddress, ({ user, params, body }) => shop.editAddress(app.db, user.id, params.id, body));
  registerEndpoint(app, shopApi.deleteAddress, ({ user, params }) => shop.deleteAddress(app.db, user.id, params.id));

  registerEndpoint(app, shopApi.placeOrder, ({ user, body }) => shop.placeOrder(app.db, times, user.id, body));
  registerEndpoint(app, shopApi.payOrder, ({ user, params, body, request }) =>
    shop.payOrder(app.db, times, app.config.payPassword.pepper, user, params.id, body.password, idempotencyKeyOf(request)),
  );
  registerEndpoint(app, shopApi.deleteOrder, ({ user, params }) => shop.deleteOrder(app.db, user.id, params.id));
  registerEndpoint(app, shopApi.orderDetail, ({ user, params }) => shop.orderDetail(app.db, times, user.id, params.id));
  registerEndpoint(app, shopApi.myOrders, ({ user, query }) => shop.myOrders(app.db, times, user.id, query.status, query.page, query.limit));
  registerEndpoint(app, shopApi.receiveOrder, ({ user, params }) => shop.receiveOrder(app.db, times, user.id, params.id));
  registerEndpoint(app, shopApi.userIndex, ({ user }) => shop.userIndex(app.db, user, app.config.assetSymbols));

  registerEndpoint(app, shopApi.adminListGoods, () => shop.listGoodsForOperators(app.db));
  registerEndpoint(app, shopApi.adminCreateGoods, ({ db, user, body }) => shop.createGoods(db, user.id, body));
  registerEndpoint(app, shopApi.adminEditGoods, ({ db, user, params, body }) => shop.editGoods(db, user.id, params.id, body));
  registerEndpoint(app, shopApi.adminListOrders, ({ query }) => shop.listOrdersForOperators(app.db, times, query.status, query.page, query.limit, query));
  registerEndpoint(app, shopApi.adminShipOrder, ({ db, user, params, body }) => shop.shipOrder(db, times, user.id, params.id, body));
}
