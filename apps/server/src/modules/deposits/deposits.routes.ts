import type { FastifyInstance } from 'fastify';
import { depositsApi, type DepositAsset } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as deposits from './deposits.service.js';

type RechargeBody = { tx_hash: string } | { amount: string; voucher: string };

export async function depositsRoutes(app: FastifyInstance): Promise<void> {
  const context = (log: deposits.DepositContext['log']): deposits.DepositContext => ({ db: app.db, config: app.config, chain: app.chain, log });
  const recharge = (user: { id: number; account: string }, asset: DepositAsset, body: RechargeBody, log: deposits.DepositContext['log']) =>
    'tx_hash' in body ? deposits.submitDeposit(context(log), user, asset, body.tx_hash) : deposits.submitReview(app.db, app.config, user.id, asset, body);

  // Spec §7: USDT comes in through /api/finance/recharge, the platform coin through /api/token/recharge.
  registerEndpoint(app, depositsApi.rechargeUsdt, ({ user, body, request }) => recharge(user, 'usdt', body, request.log));
  registerEndpoint(app, depositsApi.rechargeCoin, ({ user, body, request }) => recharge(user, 'coin', body, request.log));
  registerEndpoint(app, depositsApi.rechargeRules, async () => deposits.rechargeRules(app.config));
  registerEndpoint(app, depositsApi.listDeposits, ({ user, query }) => deposits.listOwnDeposits(app.db, app.config, user.id, query.page, query.limit));

  registerEndpoint(app, depositsApi.adminListDeposits, ({ query }) => deposits.listForReview(app.db, app.config, query.status, query.page, query.limit, query));
  registerEndpoint(app, depositsApi.adminApproveDeposit, async ({ db, user, params, request, audit }) => {
    audit.before = await deposits.beforeReview(db, app.config, params.id);
    return deposits.approveReview(db, app.config, user.id, params.id, idempotencyKeyOf(request));
  });
  registerEndpoint(app, depositsApi.adminRejectDeposit, async ({ db, user, params, body, request, audit }) => {
    audit.before = await deposits.beforeReview(db, app.config, params.id);
    return deposits.rejectReview(db, app.config, user.id, params.id, body.reason, idempotencyKeyOf(request));
  });
}
