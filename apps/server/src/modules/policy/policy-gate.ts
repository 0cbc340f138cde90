/**
 * Where the registrar meets the policy (decision 092): at registration an admin write gets its classification (an
 * unclassified one throws, so the server does not start) and files its runner for approvals; at each call the policy
 * decides, and a held request is queued and answered as pending.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { STATUS_OK, type ApprovalPending, type Endpoint } from '@reef/contract';
import type { AuthUser } from '../../core/auth-user.js';
import { DomainError } from '../../core/errors.js';
import { message } from '../../i18n/messages.js';
import { record as recordAudit } from '../audit/audit.service.js';
import { enqueue } from './approvals.service.js';
import { registerRunner } from './action-runners.js';
import { actionName, policyOf, type ActionPolicy } from './policy-table.js';
import { decide, recordValue } from './policy.service.js';

export interface GatedAction {
  action: string;
  policy: ActionPolicy;
}

interface GateContext {
  params: unknown;
  body: unknown;
  request: FastifyRequest;
}

/** What the registrar's handler needs to run the action as it would for a direct call. */
export interface RunContext extends GateContext {
  query: unknown;
  user: AuthUser;
  reply: FastifyReply;
  audit: object;
}

function reparse(schema: z.ZodMiniType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new DomainError('PARAMETER_ERROR');
  return result.data;
}

export function policyFor(
  app: FastifyInstance,
  endpoint: Endpoint,
  run: (ctx: RunContext, user: AuthUser, approval: { id: number; requested_by: number }) => Promise<unknown>,
): GatedAction {
  const gated = { action: actionName(endpoint), policy: policyOf(endpoint) };
  registerRunner(app, gated.action, (approver, stored, request, reply) => {
    const ctx: RunContext = {
      params: reparse(endpoint.params, stored.params),
      query: reparse(endpoint.query, {}),
      body: reparse(endpoint.body, stored.body),
      user: approver,
      request,
      reply,
      audit: {},
    };
    return run(ctx, approver, { id: stored.approvalId, requested_by: stored.requestedBy });
  });
  return gated;
}

/** Null when the action may run now; the pending envelope when it waits for a second administrator. */
export async function applyPolicy(app: FastifyInstance, gated: GatedAction, user: AuthUser, ctx: GateContext) {
  const rolesOf = async (account: string) => (await app.access.current()).roles.get(account) ?? [];
  const verdict = await decide({ db: app.db, rolesOf }, gated.policy, user, { params: ctx.params, body: ctx.body } as never);
  // Counted when asked for, not when paid: a refused or failed action still used up the day's allowance (the safe side).
  await recordValue(app.db, user.id, gated.action, verdict.value);
  if (verdict.run) return null;
  const pending: ApprovalPending = await enqueue(app.db, {
    action: gated.action,
    params: ctx.params,
    body: ctx.body,
    value: verdict.value,
    beneficiaries: verdict.beneficiaries,
    requestedBy: user.id,
  });
  await recordAudit(app.db, {
    actorId: user.id,
    actorAccount: user.account,
    ip: ctx.request.ip,
    action: gated.action,
    target: ctx.params ?? null,
    request: ctx.body ?? null,
    before: null,
    after: pending,
  });
  return { status: STATUS_OK, msg: message(ctx.request.language, 'APPROVAL_PENDING'), data: pending };
}
