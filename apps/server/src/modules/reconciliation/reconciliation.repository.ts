/**
 * The reconciliation's queries (decision 097). They read the ledger and the tables of the modules that hold value in
 * escrow directly, in SQL, and never through those modules' code: the check exists to catch what that code (or a
 * hand in the database) got wrong, so it must not share its reading of the books. Read-only, except the run table.
 */
import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { reconciliationRuns } from '../../db/schema/index.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How many differing rows a check keeps with its run; the count covers them all. */
export const MISMATCH_SAMPLE = 20;

export interface AssetTotal {
  asset: string;
  total: string;
}

export interface Sampled<T> {
  rows: T[];
  count: number;
}

function sampled<T extends { n: unknown }>(rows: T[]): Sampled<Omit<T, 'n'>> {
  return { rows: rows.map(({ n: _n, ...row }) => row), count: rows.length === 0 ? 0 : Number(rows[0]!.n) };
}

/** Assets whose postings do not sum to zero (the whole journal). */
export async function unbalancedAssets(db: Executor): Promise<AssetTotal[]> {
  const result = await db.execute(sql`
    select asset, sum(amount)::text as total from postings group by asset having sum(amount) <> 0 order by asset`);
  return rowsOf<AssetTotal>(result);
}

export interface UnbalancedEntry {
  entry_id: string;
  asset: string;
  total: string;
}

/** Entries whose lines do not sum to zero per asset (the deferred trigger refuses them; a disabled trigger would not). */
export async function unbalancedEntries(db: Executor): Promise<Sampled<UnbalancedEntry>> {
  const result = await db.execute(sql`
    select entry_id::text, asset, total, count(*) over () as n
    from (select entry_id, asset, sum(amount)::text as total from postings group by entry_id, asset having sum(amount) <> 0) x
    order by entry_id, asset limit ${MISMATCH_SAMPLE}`);
  return sampled(rowsOf<UnbalancedEntry & { n: unknown }>(result));
}

export interface AccountMismatch {
  id: string;
  user_id: number | null;
  system_key: string | null;
  asset: string;
  balance: string;
  posted: string;
  last_after: string | null;
}

/**
 * Accounts whose balance is not the sum of their postings, or whose latest line's balance_after is not that sum.
 * The latest line per account is read by the (account_id, id) index.
 */
export async function accountMismatches(db: Executor): Promise<Sampled<AccountMismatch>> {
  const result = await db.execute(sql`
    with sums as (select account_id, sum(amount) as total from postings group by account_id),
         latest as (select distinct on (account_id) account_id, balance_after from postings order by account_id, id desc)
    select a.id::text, a.user_id, a.system_key, a.asset, a.balance::text, coalesce(s.total, 0)::text as posted,
           l.balance_after::text as last_after, count(*) over () as n
    from ledger_accounts a
    left join sums s on s.account_id = a.id
    left join latest l on l.account_id = a.id
    where a.balance <> coalesce(s.total, 0) or l.balance_after <> coalesce(s.total, 0)
    order by a.id limit ${MISMATCH_SAMPLE}`);
  return sampled(rowsOf<AccountMismatch & { n: unknown }>(result));
}

export interface EscrowFigure {
  account: string;
  asset: string;
  total: string;
}

/**
 * What each escrow account should hold, from its open objects:
 * `cards_escrow` — the reservations of card buy orders still waiting (decision 050);
 * `pledge_locked` — every position's principal less the release instalments already paid (decision 056);
 * `pending_withdrawal` — amount + fee of withdrawals not yet settled (pending, or paying on chain);
 * `shop_sales` — what paid shop orders cost (a paid order is never refunded, decision 073).
 */
export async function escrowExpected(db: Executor): Promise<EscrowFigure[]> {
  const result = await db.execute(sql`
    select account, asset, sum(amount)::text as total from (
      select 'cards_escrow' as account, 'rusd' as asset, reserved_rusd as amount from card_orders where state in ('waiting', 'matching')
      union all select 'cards_escrow', 'fuel', reserved_fuel from card_orders where state in ('waiting', 'matching')
      union all select 'cards_escrow', 'trade', reserved_trade from card_orders where state in ('waiting', 'matching')
      union all select 'pledge_locked', asset, principal from pledge_positions
      union all select 'pledge_locked', asset, -amount from pledge_settlements where kind = 'release'
      union all select 'pending_withdrawal', asset, amount + fee from withdrawals where status in ('pending', 'paying')
      union all select 'shop_sales', asset, amount from shop_orders where entry_id is not null
    ) x group by account, asset order by account, asset`);
  return rowsOf<EscrowFigure>(result);
}

export const ESCROW_ACCOUNTS = ['cards_escrow', 'pledge_locked', 'pending_withdrawal', 'shop_sales'] as const;

/** The escrow accounts' balances as the ledger holds them. */
export async function escrowActual(db: Executor): Promise<EscrowFigure[]> {
  const result = await db.execute(sql`
    select system_key as account, asset, balance::text as total from ledger_accounts
    where system_key in (${sql.join(
      ESCROW_ACCOUNTS.map((key) => sql`${key}`),
      sql`, `,
    )}) order by system_key, asset`);
  return rowsOf<EscrowFigure>(result);
}

/**
 * What users may claim in each on-chain asset: their balances plus what the platform holds for them in escrow
 * (withdrawals awaiting payout, pledged principal, card reservations). Fees and the platform's revenue are not owed.
 */
export async function liabilities(db: Executor, assets: readonly string[]): Promise<AssetTotal[]> {
  const result = await db.execute(sql`
    select asset, sum(balance)::text as total from ledger_accounts
    where asset in (${sql.join(
      assets.map((a) => sql`${a}`),
      sql`, `,
    )})
      and (user_id is not null or system_key in ('pending_withdrawal', 'pledge_locked', 'cards_escrow'))
    group by asset order by asset`);
  return rowsOf<AssetTotal>(result);
}

export type RunRow = typeof reconciliationRuns.$inferSelect;

export async function insertRun(db: Executor, row: typeof reconciliationRuns.$inferInsert): Promise<RunRow> {
  const [inserted] = await db.insert(reconciliationRuns).values(row).returning();
  return inserted!;
}

export async function latestRun(db: Executor): Promise<RunRow | null> {
  const [row] = await db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.id)).limit(1);
  return row ?? null;
}

export async function runs(db: Executor, page: number, limit: number): Promise<{ rows: RunRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(reconciliationRuns)
      .orderBy(desc(reconciliationRuns.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)::int` }).from(reconciliationRuns),
  ]);
  return { rows, total: count!.n };
}
