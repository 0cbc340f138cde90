import type { FastifyInstance } from 'fastify';
import { fromUnits, ledgerApi, toUnits } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { adjustBalance, billsOf } from './ledger.service.js';
import * as operators from '../operators/operators.service.js';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, ledgerApi.listBills, async ({ user, params, query }) => {
    const asset = params.type === 'all' ? null : params.type;
    const { list, total } = await billsOf(app.db, user.id, asset, query.page, query.limit);
    return { list, total, page: query.page, limit: query.limit };
  });

  registerEndpoint(app, ledgerApi.adminAdjust, async ({ db, user, body, request, audit }) => {
    // Above the four-eyes amount the adjustment waits for a second administrator (decision 084).
    if (await operators.needsSecondAdministrator(db, toUnits(body.amount))) {
      const pending = await operators.requestAdjustment(db, {
        actorId: user.id,
        userId: body.uid,
        asset: body.asset,
        amount: body.amount,
        memo: body.memo,
      });
      audit.after = { ...pending, uid: body.uid, asset: body.asset, amount: body.amount };
      return pending;
    }
    const result = await runIdempotent(db, { userId: user.id, key: idempotencyKeyOf(request), request: ['adjust', body] }, (tx) =>
      adjustBalance(tx, { actorId: user.id, userId: body.uid, asset: body.asset, amount: toUnits(body.amount), memo: body.memo }),
    );
    audit.before = { uid: body.uid, asset: body.asset, balance: fromUnits(toUnits(result.balance) - toUnits(body.amount)) };
    audit.after = { uid: body.uid, asset: body.asset, balance: result.balance, entry_id: result.entry_id };
    return result;
  });
}
