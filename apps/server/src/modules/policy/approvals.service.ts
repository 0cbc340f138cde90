/**
 * The approvals queue (decision 092): an admin write the policy holds is stored with its parsed parameters and body;
 * a second administrator — neither the one who asked nor anyone it pays — runs it once, or rejects it. The action runs
 * through the same registrar path as a direct call (its handler, its response schema, its audit row), as the approver,
 * with the requester named in the audit row.
 */
import { fromUnits, toUnits, type ApprovalRequest } from '@reef/contract';
import type { Database, Executor } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import * as clock from '../../core/clock.js';
import type { AuthUser } from '../../core/auth-user.js';
import type { ActionValue } from './policy-table.js';
import * as repo from './policy.repository.js';

/** What was asked, as the approving call hands it to the action's runner (action-runners.ts). */
export interface StoredAction {
  action: string;
  params: unknown;
  body: unknown;
  approvalId: number;
  requestedBy: number;
}

function view(row: repo.ApprovalRow): ApprovalRequest {
  return {
    id: row.id,
    action: row.action,
    params: row.params,
    body: row.body,
    value: row.value === null ? null : fromUnits(toUnits(row.value)),
    beneficiaries: row.beneficiaries,
    status: row.status === 'running' ? 'pending' : (row.status as ApprovalRequest['status']),
    requested_by: row.requestedBy,
    decided_by: row.decidedBy,
    result: row.result,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export async function enqueue(
  db: Executor,
  input: { action: string; params: unknown; body: unknown; value: ActionValue; beneficiaries: number[]; requestedBy: number },
) {
  const row = await repo.insertApproval(db, {
    action: input.action,
    params: input.params ?? null,
    body: input.body ?? null,
    value: typeof input.value === 'bigint' ? fromUnits(input.value) : null,
    beneficiaries: input.beneficiaries,
    requestedBy: input.requestedBy,
  });
  return { request_id: row.id, status: 'pending' as const };
}

export async function listApprovals(db: Executor, status: ApprovalRequest['status'] | undefined) {
  const rows = await repo.listApprovals(db, status);
  return { list: rows.map(view) };
}

async function pendingRow(db: Executor, id: number, approver: AuthUser): Promise<repo.ApprovalRow> {
  const row = await repo.findApproval(db, id);
  if (!row) throw new DomainError('NOT_FOUND');
  if (row.status !== 'pending') throw new DomainError('APPROVAL_NOT_PENDING');
  if (row.requestedBy === approver.id) throw new DomainError('FOUR_EYES_SAME_ADMINISTRATOR');
  if (row.beneficiaries.includes(approver.id)) throw new DomainError('SELF_REVIEW_FORBIDDEN');
  return row;
}

/**
 * The approving call's own transaction claims the request (pending → running, so a second approval finds it taken);
 * once that committed, `runClaimed` runs the stored action in its own audited transaction, which also marks the request
 * approved (`settle`): the change, its audit row and the approval commit together. When the action refuses (the deposit
 * was meanwhile rejected, the balance is short) the request is pending again.
 */
export async function claim(db: Executor, approver: AuthUser, id: number): Promise<StoredAction> {
  const row = await pendingRow(db, id, approver);
  if (!(await repo.moveApproval(db, id, 'pending', { status: 'running' }))) throw new DomainError('APPROVAL_NOT_PENDING');
  return { action: row.action, params: row.params, body: row.body, approvalId: row.id, requestedBy: row.requestedBy };
}

export async function runClaimed(
  db: Database,
  approver: AuthUser,
  stored: StoredAction,
  run: (settle: (tx: Executor, result: unknown) => Promise<void>) => Promise<unknown>,
): Promise<ApprovalRequest> {
  const settle = async (tx: Executor, result: unknown) => {
    await repo.moveApproval(tx, stored.approvalId, 'running', { status: 'approved', decidedBy: approver.id, decidedAt: clock.now(), result });
  };
  try {
    await run(settle);
  } catch (error) {
    await repo.moveApproval(db, stored.approvalId, 'running', { status: 'pending' });
    throw error;
  }
  const row = await repo.findApproval(db, stored.approvalId);
  return view(row!);
}

export async function reject(db: Executor, approver: AuthUser, id: number) {
  await pendingRow(db, id, approver);
  const decided = await repo.moveApproval(db, id, 'pending', { status: 'rejected', decidedBy: approver.id, decidedAt: clock.now() });
  if (!decided) throw new DomainError('APPROVAL_NOT_PENDING');
  return view(decided);
}
