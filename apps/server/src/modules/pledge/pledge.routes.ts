import type { FastifyInstance } from 'fastify';
import { pledgeApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as pledge from './pledge.service.js';

export async function pledgeRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, pledgeApi.listPledgeProducts, ({ user }) => pledge.listProducts(app.db, user.id));
  registerEndpoint(app, pledgeApi.myPledges, ({ user, query }) => pledge.myPositions(app.db, user.id, query.page, query.limit));
  registerEndpoint(app, pledgeApi.pledgePositionDetails, ({ user, params }) => pledge.positionDetails(app.db, user.id, params.id));
  registerEndpoint(app, pledgeApi.pledgeProductDetails, ({ user, params }) => pledge.productDetails(app.db, user.id, params.id));
  registerEndpoint(app, pledgeApi.previewPledge, ({ user, params, body }) => pledge.preview(app.db, user.id, params.id, body.amount));
  registerEndpoint(app, pledgeApi.lockPledge, ({ user, params, body, request }) =>
    pledge.lock(app.db, user, params.id, body.amount, idempotencyKeyOf(request)),
  );

  registerEndpoint(app, pledgeApi.adminListPledgeProducts, () => pledge.listProductsForOperators(app.db));
  registerEndpoint(app, pledgeApi.adminCreatePledgeProduct, ({ db, user, body }) => pledge.createProduct(db, user.id, body));
  registerEndpoint(app, pledgeApi.adminEditPledgeProduct, ({ db, user, params, body }) => pledge.editProduct(db, user.id, params.id, body));
  registerEndpoint(app, pledgeApi.adminSetPledgeProductStatus, ({ db, user, params, body }) => pledge.editProduct(db, user.id, params.id, body, 'status'));
  registerEndpoint(app, pledgeApi.adminPledgeOutstanding, () => pledge.outstanding(app.db));
}
