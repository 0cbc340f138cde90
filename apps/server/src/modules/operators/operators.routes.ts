import type { FastifyInstance } from 'fastify';
import { consoleApi, fromUnits, ledgerApi, toUnits } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { adjustBalance } from '../ledger/ledger.service.js';
import * as operators from './operators.service.js';
import { dashboard } from './dashboard.service.js';

export async function operatorsRoutes(app: FastifyInstance): Promise<void> {
  await operators.seedRoles(app.db, app.config);
  await app.access.changed();

  registerEndpoint(app, consoleApi.adminMe, async ({ user }) => ({ uid: user.id, account: user.account, roles: [...user.roles] }));
  registerEndpoint(app, consoleApi.adminListRoles, () => operators.listRoles(app.db));
  // Every process reloads roles and frozen users only once the change committed (decision 093).
  const accessChanged = () => app.access.changed();
  registerEndpoint(app, consoleApi.adminGrantRole, async ({ db, user, body, audit, afterCommit }) => {
    const result = await operators.grantRole(db, user.id, body.account, body.role);
    afterCommit(accessChanged);
    audit.before = { account: result.account, role: result.role, held: !result.granted };
    audit.after = { account: result.account, role: result.role, held: true };
    return result;
  });
  registerEndpoint(app, consoleApi.adminRevokeRole, async ({ db, user, body, audit, afterCommit }) => {
    const result = await operators.revokeRole(db, user.id, body.account, body.role);
    afterCommit(accessChanged);
    audit.before = { account: result.account, role: result.role, held: result.revoked };
    audit.after = { account: result.account, role: result.role, held: false };
    return result;
  });
  registerEndpoint(app, consoleApi.adminFreezeUser, async ({ db, user, params, body, audit, afterCommit }) => {
    const result = await operators.freezeUser(db, user.id, params.id, body.frozen, body.reason);
    afterCommit(accessChanged);
    audit.before = { uid: params.id, ...result.before };
    audit.after = { uid: params.id, frozen: result.frozen };
    return result;
  });
  registerEndpoint(app, consoleApi.adminFindUsers, ({ query }) => operators.findForOperators(app.db, query.q, query.page, query.limit, query));
  registerEndpoint(app, consoleApi.adminUserDetail, ({ params }) => operators.userDetail(app.db, params.id));
  registerEndpoint(app, consoleApi.adminUserJournal, ({ params, query }) => operators.userJournal(app.db, params.id, query.asset, query.page, query.limit));
  registerEndpoint(app, consoleApi.adminDashboard, () => dashboard(app.db));
  registerEndpoint(app, consoleApi.adminFourEyes, () => operators.fourEyes(app.db));
  registerEndpoint(app, consoleApi.adminSetFourEyes, async ({ db, user, body, audit }) => {
    audit.before = await operators.fourEyes(db);
    return operators.setFourEyes(db, user.id, body.above);
  });
  registerEndpoint(app, consoleApi.adminListAdjustmentRequests, ({ query }) => operators.listAdjustmentRequests(app.db, query.status, query));
  registerEndpoint(app, consoleApi.adminApproveAdjustment, ({ db, user, params }) => operators.decideAdjustment(db, user.id, params.id, true));
  registerEndpoint(app, consoleApi.adminRejectAdjustment, ({ db, user, params }) => operators.decideAdjustment(db, user.id, params.id, false));

  // The operator's balance adjustment sits with the four-eyes rule it needs; operators reach the ledger, never the
  // other way (decision 107).
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
