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
import type { Transaction } from '../../db/client.js';
import { message } from '../../i18n/messages.js';
import { runAuditedWrite, type AuditedAction } from '../audit/audited-write.js';
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
export interface RunInput extends GateContext {
  query: unknown;
  user: AuthUser;
  reply: FastifyReply;
}

/**
 * An approved request being run: who asked, and `settle`, which marks it approved inside the action's own
 * transaction, so the change, its audit row and the request's state commit together (decision 093).
 */
export interface ApprovalRun {
  id: number;
  requested_by: number;
  settle(tx: Transaction, result: unknown): Promise<void>;
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
  run: (input: RunInput, user: AuthUser, approval: ApprovalRun) => Promise<unknown>,
): GatedAction {
  const gated = { action: actionName(endpoint), policy: policyOf(endpoint) };
  registerRunner(app, gated.action, (approver, stored, request, reply, settle) => {
    const input: RunInput = {
      params: reparse(endpoint.params, stored.params),
      query: reparse(endpoint.query, {}),
      body: reparse(endpoint.body, stored.body),
      user: approver,
      request,
      reply,
    };
    return run(input, approver, { id: stored.approvalId, requested_by: stored.requestedBy, settle });
  });
  return gated;
}

/** Null when the action may run now; the pending envelope when it waits for a second administrator. */
export async function applyPolicy(app: FastifyInstance, gated: GatedAction, user: AuthUser, input: GateContext, action: AuditedAction) {
  const rolesOf = async (account: string) => (await app.access.current()).roles.get(account) ?? [];
  const verdict = await decide({ db: app.db, rolesOf }, gated.policy, user, { params: input.params, body: input.body } as never);
  // Counted when asked for, not when paid: a refused or failed action still used up the day's allowance (the safe side).
  await recordValue(app.db, user.id, gated.action, verdict.value);
  if (verdict.run) return null;
  // The queued request and its audit row commit together, like any other admin write.
  const pending: ApprovalPending = await runAuditedWrite(app.db, action, ({ db }) =>
    enqueue(db, {
      action: gated.action,
      params: input.params,
      body: input.body,
      value: verdict.value,
      beneficiaries: verdict.beneficiaries,
      requestedBy: user.id,
    }),
  );
  return { status: STATUS_OK, msg: message(input.request.language, 'APPROVAL_PENDING'), data: pending };
}
