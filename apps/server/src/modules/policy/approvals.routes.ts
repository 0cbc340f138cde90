import type { FastifyInstance } from 'fastify';
import { consoleApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as approvals from './approvals.service.js';
import * as policy from './policy.service.js';
import { runnerOf } from './action-runners.js';
import { AnswerAfterCommit } from '../audit/audited-write.js';

export async function approvalsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, consoleApi.adminListApprovals, ({ query }) => approvals.listApprovals(app.db, query.status));
  // The claim commits with this call's audit row; the stored action then runs as its own audited write (decision 092).
  registerEndpoint(app, consoleApi.adminApproveRequest, async ({ db, user, params, request, reply, audit }) => {
    const stored = await approvals.claim(db, user, params.id);
    audit.after = { id: stored.approvalId, status: 'running' };
    return new AnswerAfterCommit(() =>
      approvals.runClaimed(app.db, user, stored, (settle) => runnerOf(app, stored.action)(user, stored, request, reply, settle)),
    );
  });
  registerEndpoint(app, consoleApi.adminRejectRequest, ({ db, user, params }) => approvals.reject(db, user, params.id));
  registerEndpoint(app, consoleApi.adminPolicySettings, () => policy.policySettings(app.db));
  registerEndpoint(app, consoleApi.adminSetPolicySettings, async ({ db, user, body, audit }) => {
    audit.before = await policy.policySettings(db);
    return policy.setPolicySettings(db, user.id, body);
  });
}
