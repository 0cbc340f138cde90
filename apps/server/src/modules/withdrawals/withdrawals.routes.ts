import type { FastifyInstance } from 'fastify';
import { withdrawalsApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as withdrawals from './withdrawals.service.js';
import * as clock from '../../core/clock.js';

export async function withdrawalsRoutes(app: FastifyInstance): Promise<void> {
  const payer: withdrawals.Payer | null =
    app.hotWallet && app.config.chain ? { wallet: app.hotWallet, tokens: app.config.chain.tokenContracts, log: app.log } : null;

  // Spec §7: USDT leaves through /api/finance/extract, the platform coin through /api/token/extract.
  registerEndpoint(app, withdrawalsApi.usdtRules, ({ user }) => withdrawals.withdrawalRules(app.db, app.config, user.id, 'usdt'));
  registerEndpoint(app, withdrawalsApi.coinRules, ({ user }) => withdrawals.withdrawalRules(app.db, app.config, user.id, 'coin'));
  registerEndpoint(app, withdrawalsApi.withdrawUsdt, ({ user, body, request }) =>
    withdrawals.requestWithdrawal(app.db, app.config, user, 'usdt', body, idempotencyKeyOf(request)),
  );
  registerEndpoint(app, withdrawalsApi.withdrawCoin, ({ user, body, request }) =>
    withdrawals.requestWithdrawal(app.db, app.config, user, 'coin', body, idempotencyKeyOf(request)),
  );

  registerEndpoint(app, withdrawalsApi.listWithdrawals, ({ user, query }) => withdrawals.listOwn(app.db, user.id, query.page, query.limit));
  registerEndpoint(app, withdrawalsApi.getWithdrawal, ({ user, params }) => withdrawals.getOwn(app.db, user.id, params.id));

  registerEndpoint(app, withdrawalsApi.adminListWithdrawals, ({ query }) => withdrawals.listForReview(app.db, query.status, query.page, query.limit, query));
  registerEndpoint(app, withdrawalsApi.adminApproveWithdrawal, ({ user, params, body, request }) =>
    withdrawals.approve(app.db, user.id, params.id, body.tx_hash, idempotencyKeyOf(request), clock.now(), payer),
  );
  registerEndpoint(app, withdrawalsApi.adminRejectWithdrawal, ({ user, params, body, request }) =>
    withdrawals.reject(app.db, user.id, params.id, body.reason, idempotencyKeyOf(request)),
  );
  registerEndpoint(app, withdrawalsApi.adminResolveWithdrawal, ({ user, params, body, request }) =>
    withdrawals.resolvePayout(app.db, user.id, params.id, body, idempotencyKeyOf(request)),
  );
}
