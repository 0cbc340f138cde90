import type { FastifyInstance } from 'fastify';
import { withdrawalsApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as withdrawals from './withdrawals.service.js';
import * as clock from '../../core/clock.js';
import { AnswerAfterCommit, runAuditedWrite } from '../audit/audited-write.js';

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
  registerEndpoint(app, withdrawalsApi.adminApproveWithdrawal, async ({ db, user, params, body, request, audit, action }) => {
    audit.before = await withdrawals.beforeReview(db, params.id);
    if (body.tx_hash !== undefined) return withdrawals.approve(db, user.id, params.id, body.tx_hash, idempotencyKeyOf(request), clock.now());
    // The hot wallet pays in three commits (decision 019), each with its audit row (decision 093): `paying` here,
    // then, once it committed, the send with no transaction open and the approval (or the release) in its own.
    const paying = await withdrawals.startPayout(db, user.id, params.id, payer);
    audit.after = withdrawals.payingView(paying);
    const inAuditedTransaction: withdrawals.InTransaction = (work) => runAuditedWrite(app.db, action, (later) => work(later.db));
    return new AnswerAfterCommit(() => withdrawals.completePayout(paying, user.id, payer!, inAuditedTransaction));
  });
  registerEndpoint(app, withdrawalsApi.adminRejectWithdrawal, async ({ db, user, params, body, request, audit }) => {
    audit.before = await withdrawals.beforeReview(db, params.id);
    return withdrawals.reject(db, user.id, params.id, body.reason, idempotencyKeyOf(request));
  });
  registerEndpoint(app, withdrawalsApi.adminResolveWithdrawal, async ({ db, user, params, body, request, audit }) => {
    audit.before = await withdrawals.beforeReview(db, params.id);
    return withdrawals.resolvePayout(db, user.id, params.id, body, idempotencyKeyOf(request));
  });
}
