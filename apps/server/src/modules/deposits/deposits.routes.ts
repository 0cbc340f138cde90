import type { FastifyInstance } from 'fastify';
import { depositsApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as deposits from './deposits.service.js';

export async function depositsRoutes(app: FastifyInstance): Promise<void> {
  const context = (log: deposits.DepositContext['log']): deposits.DepositContext => ({ db: app.db, config: app.config, chain: app.chain, log });
  // Spec §7: USDT comes in through /api/finance/recharge, the platform coin through /api/token/recharge.
  registerEndpoint(app, depositsApi.rechargeUsdt, ({ user, body, request }) => deposits.submitDeposit(context(request.log), user, 'usdt', body.tx_hash));
  registerEndpoint(app, depositsApi.rechargeCoin, ({ user, body, request }) => deposits.submitDeposit(context(request.log), user, 'coin', body.tx_hash));
  registerEndpoint(app, depositsApi.listDeposits, ({ user, query }) => deposits.listOwnDeposits(app.db, app.config, user.id, query.page, query.limit));
}
