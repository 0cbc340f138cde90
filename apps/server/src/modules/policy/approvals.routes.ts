import type { FastifyInstance } from 'fastify';
import { consoleApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as approvals from './approvals.service.js';
import * as policy from './policy.service.js';
import { runnerOf } from './action-runners.js';

export async function approvalsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, consoleApi.adminListApprovals, ({ query }) => approvals.listApprovals(app.db, query.status));
  registerEndpoint(app, consoleApi.adminApproveRequest, ({ user, params, request, reply }) =>
    approvals.approve(app.db, user, params.id, (stored) => runnerOf(app, stored.action)(user, stored, request, reply)),
  );
  registerEndpoint(app, consoleApi.adminRejectRequest, ({ user, params }) => approvals.reject(app.db, user, params.id));
  registerEndpoint(app, consoleApi.adminPolicySettings, () => policy.policySettings(app.db));
  registerEndpoint(app, consoleApi.adminSetPolicySettings, async ({ user, body, audit }) => {
    audit.before = await policy.policySettings(app.db);
    return policy.setPolicySettings(app.db, user.id, body);
  });
}
