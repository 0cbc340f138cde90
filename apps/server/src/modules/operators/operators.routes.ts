import type { FastifyInstance } from 'fastify';
import { consoleApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as operators from './operators.service.js';
import { dashboard } from './dashboard.service.js';

export async function operatorsRoutes(app: FastifyInstance): Promise<void> {
  await operators.seedRoles(app.db, app.config);
  await app.access.changed();

  registerEndpoint(app, consoleApi.adminMe, async ({ user }) => ({ uid: user.id, account: user.account, roles: [...user.roles] }));
  registerEndpoint(app, consoleApi.adminListRoles, () => operators.listRoles(app.db));
  registerEndpoint(app, consoleApi.adminGrantRole, async ({ user, body, audit }) => {
    const result = await operators.grantRole(app.db, app.access, user.id, body.account, body.role);
    audit.before = { account: result.account, role: result.role, held: !result.granted };
    audit.after = { account: result.account, role: result.role, held: true };
    return result;
  });
  registerEndpoint(app, consoleApi.adminRevokeRole, async ({ user, body, audit }) => {
    const result = await operators.revokeRole(app.db, app.access, user.id, body.account, body.role);
    audit.before = { account: result.account, role: result.role, held: result.revoked };
    audit.after = { account: result.account, role: result.role, held: false };
    return result;
  });
  registerEndpoint(app, consoleApi.adminFreezeUser, async ({ user, params, body, audit }) => {
    const result = await operators.freezeUser(app.db, app.access, user.id, params.id, body.frozen, body.reason);
    audit.before = { uid: params.id, ...result.before };
    audit.after = { uid: params.id, frozen: result.frozen };
    return result;
  });
  registerEndpoint(app, consoleApi.adminFindUsers, ({ query }) => operators.findForOperators(app.db, query.q, query.page, query.limit, query));
  registerEndpoint(app, consoleApi.adminUserDetail, ({ params }) => operators.userDetail(app.db, params.id));
  registerEndpoint(app, consoleApi.adminUserJournal, ({ params, query }) => operators.userJournal(app.db, params.id, query.asset, query.page, query.limit));
  registerEndpoint(app, consoleApi.adminDashboard, () => dashboard(app.db));
  registerEndpoint(app, consoleApi.adminFourEyes, () => operators.fourEyes(app.db));
  registerEndpoint(app, consoleApi.adminSetFourEyes, async ({ user, body, audit }) => {
    audit.before = await operators.fourEyes(app.db);
    return operators.setFourEyes(app.db, user.id, body.above);
  });
  registerEndpoint(app, consoleApi.adminListAdjustmentRequests, ({ query }) => operators.listAdjustmentRequests(app.db, query.status, query));
  registerEndpoint(app, consoleApi.adminApproveAdjustment, ({ user, params }) => operators.decideAdjustment(app.db, user.id, params.id, true));
  registerEndpoint(app, consoleApi.adminRejectAdjustment, ({ user, params }) => operators.decideAdjustment(app.db, user.id, params.id, false));
}
