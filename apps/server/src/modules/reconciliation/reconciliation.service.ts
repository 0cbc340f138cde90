/**
 * Continuous reconciliation (issue 23, decision 097). A run reads the books in one repeatable-read snapshot and
 * checks that the journal sums to zero per asset, that every account's balance is the sum of its postings, that
 * each escrow account holds exactly what its open objects reserve, and (with an RPC) that users' claims on the
 * on-chain assets do not exceed what the platform's wallets hold. Each run is stored; a run whose set of failing
 * checks differs from the previous run's writes one system entry to the audit log (a failure once, not every few
 * minutes while it lasts, and its recovery), in the same transaction as the run.
 */
import { formatUnits } from 'viem';
import { toUnits, type ReconciliationCheck, type ReconciliationMismatch, type ReconciliationRun } from '@reef/contract';
import * as clock from '../../core/clock.js';
import type { ChainConfig } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { record as recordAudit } from '../audit/audit.service.js';
import type { ChainClient } from '../chain/chain-client.js';
import { describeChainError, ON_CHAIN_ASSETS, readHoldings, WEI_PER_UNIT } from './chain-reserves.js';
import * as repo from './reconciliation.repository.js';

export interface ReconciliationContext {
  db: Database;
  /** Null without BSC_RPC_URL: the chain check then reports `not_configured`. */
  chain: ChainClient | null;
  chainConfig: ChainConfig | null;
}

/** The audit actions of the job's own entries (actor null, account `system`). */
export const AUDIT_FAILED = 'reconciliation.failed';
export const AUDIT_RECOVERED = 'reconciliation.recovered';

function checkOf(name: ReconciliationCheck['name'], mismatches: ReconciliationMismatch[], count = mismatches.length): ReconciliationCheck {
  return { name, status: count === 0 ? 'ok' : 'failed', mismatch_count: count, mismatches: mismatches.slice(0, repo.MISMATCH_SAMPLE) };
}

async function journalCheck(db: Executor): Promise<ReconciliationCheck> {
  const assets = await repo.unbalancedAssets(db);
  const entries = await repo.unbalancedEntries(db);
  const mismatches = [
    ...assets.map((a) => ({ subject: a.asset, expected: '0', actual: a.total })),
    ...entries.rows.map((e) => ({ subject: `entry ${e.entry_id} ${e.asset}`, expected: '0', actual: e.total })),
  ];
  return checkOf('journal_balanced', mismatches, assets.length + entries.count);
}

function accountName(row: repo.AccountMismatch): string {
  return `account ${row.id} (${row.user_id !== null ? `user ${row.user_id}` : row.system_key}, ${row.asset})`;
}

async function balancesCheck(db: Executor): Promise<ReconciliationCheck> {
  const { rows, count } = await repo.accountMismatches(db);
  const mismatches: ReconciliationMismatch[] = [];
  for (const row of rows) {
    if (toUnits(row.balance) !== toUnits(row.posted)) mismatches.push({ subject: accountName(row), expected: row.posted, actual: row.balance });
    if (row.last_after !== null && toUnits(row.last_after) !== toUnits(row.posted)) {
      mismatches.push({ subject: `${accountName(row)} balance_after`, expected: row.posted, actual: row.last_after });
    }
  }
  return checkOf('account_balances', mismatches, Math.max(count, mismatches.length));
}

async function escrowCheck(db: Executor): Promise<ReconciliationCheck> {
  const key = (f: repo.EscrowFigure) => `${f.account} ${f.asset}`;
  const expected = new Map((await repo.escrowExpected(db)).map((f) => [key(f), f.total]));
  const actual = new Map((await repo.escrowActual(db)).map((f) => [key(f), f.total]));
  const mismatches: ReconciliationMismatch[] = [];
  for (const subject of [...new Set([...expected.keys(), ...actual.keys()])].sort()) {
    const want = expected.get(subject) ?? '0';
    const have = actual.get(subject) ?? '0';
    if (toUnits(want) !== toUnits(have)) mismatches.push({ subject, expected: want, actual: have });
  }
  return checkOf('escrow_accounts', mismatches);
}

async function chainCheck(ctx: ReconciliationContext, owed: Map<string, bigint>): Promise<ReconciliationCheck> {
  if (!ctx.chain || !ctx.chainConfig) return { name: 'chain_reserves', status: 'not_configured', mismatch_count: 0, mismatches: [] };
  try {
    const holdings = await readHoldings(ctx.chain, ctx.chainConfig);
    const mismatches: ReconciliationMismatch[] = [];
    for (const { asset, wei } of holdings) {
      const owedWei = (owed.get(asset) ?? 0n) * WEI_PER_UNIT;
      if (wei < owedWei)
        mismatches.push({ subject: `${asset} held on chain < owed to users`, expected: formatUnits(owedWei, 18), actual: formatUnits(wei, 18) });
    }
    return checkOf('chain_reserves', mismatches);
  } catch (error) {
    return { name: 'chain_reserves', status: 'error', mismatch_count: 0, mismatches: [], detail: describeChainError(error) };
  }
}

const failing = (checks: ReconciliationCheck[]) =>
  checks
    .filter((c) => c.status === 'failed' || c.status === 'error')
    .map((c) => c.name)
    .sort();

export function runView(row: repo.RunRow): ReconciliationRun {
  return {
    id: row.id,
    trigger: row.trigger as ReconciliationRun['trigger'],
    requested_by: row.requestedBy,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt.toISOString(),
    ok: row.ok,
    checks: row.checks as ReconciliationCheck[],
  };
}

/** Runs every check and stores the run; `requestedBy` is the operator who asked, null for the periodic job. */
export async function runReconciliation(ctx: ReconciliationContext, requestedBy: number | null): Promise<ReconciliationRun> {
  const startedAt = clock.now();
  // One snapshot for the ledger checks: a posting committed between two reads must not show as a difference.
  const { ledgerChecks, owed } = await ctx.db.transaction(
    async (tx) => {
      const ledgerChecks = [await journalCheck(tx), await balancesCheck(tx), await escrowCheck(tx)];
      const owed = new Map((await repo.liabilities(tx, ON_CHAIN_ASSETS)).map((l) => [l.asset, toUnits(l.total)]));
      return { ledgerChecks, owed };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const checks = [...ledgerChecks, await chainCheck(ctx, owed)];
  const failed = failing(checks);
  const row = await ctx.db.transaction(async (tx) => {
    const previous = await repo.latestRun(tx);
    const run = await repo.insertRun(tx, {
      trigger: requestedBy === null ? 'schedule' : 'operator',
      requestedBy,
      startedAt,
      finishedAt: clock.now(),
      ok: failed.length === 0,
      checks,
    });
    const before = previous ? failing(previous.checks as ReconciliationCheck[]) : [];
    if (failed.join() !== before.join()) {
      await recordAudit(tx, {
        actorId: null,
        actorAccount: 'system',
        ip: '',
        action: failed.length > 0 ? AUDIT_FAILED : AUDIT_RECOVERED,
        target: { run: run.id },
        request: null,
        before: previous ? { run: previous.id, failed: before } : null,
        after: { failed, checks: checks.filter((c) => failed.includes(c.name)) },
      });
    }
    return run;
  });
  return runView(row);
}

export async function reconciliationStatus(db: Database, page: number, limit: number) {
  const [latest, history] = await Promise.all([repo.latestRun(db), repo.runs(db, page, limit)]);
  return { latest: latest ? runView(latest) : null, list: history.rows.map(runView), page, limit, total: history.total };
}

/** The latest run's checks, for /metrics (read at each scrape, so every process reports the shared latest run). */
export async function latestChecks(db: Database): Promise<{ run: ReconciliationRun | null }> {
  const latest = await repo.latestRun(db);
  return { run: latest ? runView(latest) : null };
}
