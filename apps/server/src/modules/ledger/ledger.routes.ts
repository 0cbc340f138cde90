import type { FastifyInstance } from 'fastify';
import { ledgerApi, toUnits } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { userExists } from '../users/users.service.js';
import { DomainError } from '../../plugins/errors.js';
import { balanceKey, billsOf, postEntry } from './ledger.service.js';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, ledgerApi.listBills, async ({ user, params, query }) => {
    const asset = params.type === 'all' ? null : params.type;
    const { list, total } = await billsOf(app.db, user.id, asset, query.page, query.limit);
    return { list, total, page: query.page, limit: query.limit };
  });

  // Operators fund and correct accounts only through an audited entry against the adjustment account.
  registerEndpoint(app, ledgerApi.adminAdjust, ({ user, body, request }) =>
    runIdempotent(app.db, { userId: user.id, key: idempotencyKeyOf(request), request: ['adjust', body] }, async (tx) => {
      if (!(await userExists(tx, body.uid))) throw new DomainError('USER_NOT_FOUND');
      const amount = toUnits(body.amount);
      const posted = await postEntry(tx, {
        kind: 'adjustment',
        memo: body.memo,
        actorId: user.id,
        postings: [
          { account: { userId: body.uid, asset: body.asset }, amount, kind: 'adjustment' },
          { account: { system: 'adjustment', asset: body.asset }, amount: -amount, kind: 'adjustment' },
        ],
      });
      return { entry_id: posted.entryId, asset: body.asset, balance: posted.userBalances.get(balanceKey(body.uid, body.asset))! };
    }),
  );
}
