/**
 * Continuous reconciliation (issue 23, decision 097): the ledger checked against itself, against the open objects
 * that hold value in escrow and against what the platform's wallets hold on chain. The periodic job runs it every
 * RECONCILIATION_INTERVAL_SECONDS; an administrator or an auditor runs it on demand (audited like every admin change).
 */
import * as z from 'zod/mini';
import { endpoint, isoTime, pageQuery, uid } from '../common.js';

/**
 * The checks, in the order they run: the journal sums to zero per asset; every account's balance is the sum of its
 * postings and its last line's balance_after; each escrow/system account equals what its open objects hold; users'
 * claims on on-chain assets do not exceed what the platform's wallets hold.
 */
export const RECONCILIATION_CHECKS = ['journal_balanced', 'account_balances', 'escrow_accounts', 'chain_reserves'] as const;
export type ReconciliationCheckName = (typeof RECONCILIATION_CHECKS)[number];

/** `not_configured`: the check has nothing to read (no RPC) — reported as such, never as a pass; `error`: it could not finish. */
export const RECONCILIATION_STATUSES = ['ok', 'failed', 'not_configured', 'error'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** A signed decimal as the check read it (ledger amounts have 8 places, on-chain ones 18). */
const figure = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

/** One figure that differs: what it is about (`usdt`, `account 12 (user 5, rusd)`, `cards_escrow rusd`), what it should be and what it is. */
export const reconciliationMismatch = z.object({ subject: z.string(), expected: figure, actual: figure });
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatch>;

export const reconciliationCheck = z.object({
  name: z.enum(RECONCILIATION_CHECKS),
  status: z.enum(RECONCILIATION_STATUSES),
  /** All the figures that differ; `mismatches` lists the first of them. */
  mismatch_count: z.int(),
  mismatches: z.array(reconciliationMismatch),
  /** Why an `error` check could not finish (no secrets: the RPC URL is never in it). */
  detail: z.optional(z.string()),
});
export type ReconciliationCheck = z.infer<typeof reconciliationCheck>;

export const reconciliationRun = z.object({
  id: z.int(),
  trigger: z.enum(['schedule', 'operator']),
  requested_by: z.nullable(uid),
  started_at: isoTime,
  finished_at: isoTime,
  ok: z.boolean(),
  checks: z.array(reconciliationCheck),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

/** The latest run (null before the first) and the history, newest first. */
export const adminReconciliation = endpoint('GET /api/admin/reconciliation', 'admin', {
  roles: ['administrator', 'operator', 'auditor'],
  query: pageQuery,
  response: z.object({
    latest: z.nullable(reconciliationRun),
    list: z.array(reconciliationRun),
    page: z.int(),
    limit: z.int(),
    total: z.int(),
  }),
});

/** Runs every check now and answers the stored run. An operator may read the status, not run it (it reads every balance). */
export const adminRunReconciliation = endpoint('POST /api/admin/reconciliation/run', 'admin', {
  roles: ['administrator', 'auditor'],
  response: reconciliationRun,
});
