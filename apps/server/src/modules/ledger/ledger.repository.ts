import { and, asc, count, desc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ASSET_KEYS, type AssetKey, type EntryKind, type PostingKind } from '@reef/contract';
import type { Database, Executor } from '../../db/client.js';
import { journalEntries, ledgerAccounts, postings, users } from '../../db/schema/index.js';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import { NUMERIC_OUT_OF_RANGE, sqlStateOf } from '../../db/sql-state.js';

export async function insertUserAccounts(db: Executor, userId: number): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(ASSET_KEYS.map((asset) => ({ userId, asset })))
    .onConflictDoNothing();
}

export async function userAccountIds(db: Executor, userId: number, assets: readonly AssetKey[]): Promise<Map<AssetKey, number>> {
  const rows = await db
    .select({ id: ledgerAccounts.id, asset: ledgerAccounts.asset })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.asset, [...assets])));
  return new Map(rows.map((r) => [r.asset as AssetKey, r.id]));
}

/** The ids of these user accounts in one read, by "userId:asset" (an account that does not exist is left out). */
export async function userAccountIdsOf(db: Executor, refs: readonly { userId: number; asset: AssetKey }[]): Promise<Map<string, number>> {
  if (refs.length === 0) return new Map();
  const result = await db.execute(sql`
    select a.id::int as id, a.user_id, a.asset
      from unnest(${`{${refs.map((r) => r.userId).join(',')}}`}::int[], ${`{${refs.map((r) => r.asset).join(',')}}`}::text[]) r(u, s)
      join ${ledgerAccounts} a on a.user_id = r.u and a.asset = r.s`);
  const rows = (result as unknown as { rows: { id: number; user_id: number; asset: string }[] }).rows;
  return new Map(rows.map((r) => [`${r.user_id}:${r.asset}`, Number(r.id)]));
}

/** Row-locks the accounts in id order and reads their balances (the batch posting computes each line's balance after from them). */
export async function lockAccountsWithBalances(db: Executor, accountIds: readonly number[]): Promise<Map<number, { balance: string; mayGoNegative: boolean }>> {
  const rows = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, mayGoNegative: ledgerAccounts.mayGoNegative })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...accountIds]))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, { balance: r.balance, mayGoNegative: r.mayGoNegative }]));
}

export interface LockedAccount {
  id: number;
  userId: number | null;
  systemKey: string | null;
  asset: string;
  balance: string;
  mayGoNegative: boolean;
}

/**
 * Finds and row-locks, in id order, these user accounts and system accounts in one statement, with their balances
 * (an entry batch, decision 127). Accounts that do not exist are simply not returned.
 */
export async function lockAccountsOf(
  db: Executor,
  users: readonly { userId: number; asset: AssetKey }[],
  systems: readonly { system: string; asset: AssetKey }[],
): Promise<LockedAccount[]> {
  const array = (values: readonly (string | number)[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;
  const result = await db.execute(sql`
    select a.id::int as id, a.user_id, a.system_key, a.asset, a.balance::text as balance, a.may_go_negative
      from ${ledgerAccounts} a
     where a.id in (
             select b.id from ${ledgerAccounts} b
               join unnest(${array(users.map((u) => u.userId))}::int[], ${array(users.map((u) => u.asset))}::text[]) r(u, s)
                 on b.user_id = r.u and b.asset = r.s
             union all
             select b.id from ${ledgerAccounts} b
               join unnest(${array(systems.map((x) => x.system))}::text[], ${array(systems.map((x) => x.asset))}::text[]) r(k, s)
                 on b.system_key = r.k and b.asset = r.s)
     order by a.id
       for update of a`);
  const rows = (
    result as unknown as { rows: { id: number; user_id: number | null; system_key: string | null; asset: string; balance: string; may_go_negative: boolean }[] }
  ).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    userId: r.user_id,
    systemKey: r.system_key,
    asset: r.asset,
    balance: r.balance,
    mayGoNegative: r.may_go_negative,
  }));
}

/** Journal entries in one statement; their ids in the order of `entries` (taken from the sequence first). */
export async function insertEntries(db: Executor, entries: readonly { kind: EntryKind; memo: string; actorId: number | null }[]): Promise<number[]> {
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence('journal_entries', 'id'))::bigint as id from generate_series(1, ${entries.length}::int)`,
  );
  const ids = (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
  const createdAt = clock.now();
  for (let i = 0; i < entries.length; i += 5_000) {
    await db.insert(journalEntries).values(entries.slice(i, i + 5_000).map((entry, k) => ({ id: ids[i + k]!, ...entry, createdAt })));
  }
  return ids;
}

/** Postings in one statement, in the order given (their ids follow it). */
export async function insertPostingRows(db: Executor, rows: PostingRow[]): Promise<void> {
  if (rows.length === 0) return;
  const createdAt = clock.now().toISOString();
  // One parameter for the whole batch (a JSON array of rows): binding tens of thousands of parameters costs more
  // than the insert itself, on PGlite above all.
  const json = JSON.stringify(
    rows.map((r) => ({
      entry_id: r.entryId,
      account_id: r.accountId,
      user_id: r.userId,
      asset: r.asset,
      amount: r.amount,
      balance_after: r.balanceAfter,
      kind: r.kind,
      memo: r.memo,
      created_at: createdAt,
    })),
  );
  try {
    await db.execute(sql`
      insert into ${postings} (entry_id, account_id, user_id, asset, amount, balance_after, kind, memo, created_at)
      select entry_id, account_id, user_id, asset, amount, balance_after, kind, memo, created_at
        from json_populate_recordset(null::postings, ${json}::json) with ordinality r
       order by ordinality`);
  } catch (error) {
    // A balance after past numeric(38,8): a refusal, as in applyToAccount.
    if (sqlStateOf(error) === NUMERIC_OUT_OF_RANGE) throw new DomainError('BALANCE_LIMIT_EXCEEDED');
    throw error;
  }
}

/** Adds each delta to its account (locked by the caller) in one statement. */
export async function addToAccounts(db: Executor, deltas: readonly { id: number; delta: string }[]): Promise<void> {
  const moved = deltas;
  if (moved.length === 0) return;
  try {
    await db.execute(sql`
      update ${ledgerAccounts} a set balance = a.balance + d.delta
        from unnest(${`{${moved.map((d) => d.id).join(',')}}`}::bigint[], ${`{${moved.map((d) => d.delta).join(',')}}`}::numeric[]) d(id, delta)
       where a.id = d.id`);
  } catch (error) {
    if (sqlStateOf(error) === NUMERIC_OUT_OF_RANGE) throw new DomainError('BALANCE_LIMIT_EXCEEDED');
    throw error;
  }
}

/** Row-locks the accounts in id order (the sort happens below the lock, so the locks are taken in that order). */
export async function lockAccountRows(db: Executor, accountIds: readonly number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...accountIds]))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/**
 * System accounts are created on first use; the unique index makes concurrent first uses safe. Looked up first:
 * an insert-if-missing probes the unique index and waits for any open transaction that updated the row, so on a
 * busy system account (the starter burst's `cards`, the market's escrow) it queued every entry behind the one
 * holding the account from its first statement on, not from its balance update (decision 061).
 */
export async function systemAccountId(db: Executor, systemKey: string, asset: AssetKey, mayGoNegative: boolean): Promise<number> {
  const find = async () =>
    (
      await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.systemKey, systemKey), eq(ledgerAccounts.asset, asset)))
    )[0]?.id;
  let id = await find();
  if (id === undefined) {
    await db.insert(ledgerAccounts).values({ systemKey, asset, mayGoNegative }).onConflictDoNothing();
    id = await find();
  }
  if (id === undefined) throw new Error(`system account ${systemKey}/${asset} missing`);
  return id;
}

/**
 * Applies one signed amount to one account and returns the new balance, or null when the account
 * would go below zero (only the adjustment account may). The condition is evaluated on the locked row, so concurrent debits cannot both
 * pass on a stale read (PostgreSQL re-checks the WHERE after waiting for the row lock).
 */
export async function applyToAccount(db: Executor, accountId: number, amount: string): Promise<string | null> {
  try {
    const rows = await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${amount}::numeric` })
      .where(and(eq(ledgerAccounts.id, accountId), sql`(${ledgerAccounts.mayGoNegative} or ${ledgerAccounts.balance} + ${amount}::numeric >= 0)`))
      .returning({ balance: ledgerAccounts.balance });
    return rows[0]?.balance ?? null;
  } catch (error) {
    // The balance would pass numeric(38,8): a refusal, not a fault. The caller's transaction is rolled back
    // by this throw, so nothing of the entry stays (decision 036).
    if (sqlStateOf(error) === NUMERIC_OUT_OF_RANGE) throw new DomainError('BALANCE_LIMIT_EXCEEDED');
    throw error;
  }
}

export async function insertEntry(db: Executor, kind: EntryKind, memo: string, actorId: number | null): Promise<number> {
  const rows = await db.insert(journalEntries).values({ kind, memo, actorId, createdAt: clock.now() }).returning({ id: journalEntries.id });
  return rows[0]!.id;
}

export interface PostingRow {
  entryId: number;
  accountId: number;
  userId: number | null;
  asset: string;
  amount: string;
  balanceAfter: string;
  kind: PostingKind;
  memo: string;
}

export async function insertPostings(db: Executor, rows: PostingRow[]): Promise<void> {
  const createdAt = clock.now();
  await db.insert(postings).values(rows.map((row) => ({ ...row, createdAt })));
}

export async function userBalances(db: Executor, userId: number): Promise<{ asset: AssetKey; balance: string }[]> {
  const rows = await db
    .select({ asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(asc(ledgerAccounts.id));
  return rows as { asset: AssetKey; balance: string }[];
}

/**
 * A scalar subquery other modules embed to read a user's balances in their own round trip: a JSON array of
 * [asset, balance] pairs in account order, balances as text so no digit is lost to a JSON number.
 */
export function userBalancesJson(userId: number | Placeholder): SQL {
  return sql`(select coalesce(json_agg(json_build_array(${ledgerAccounts.asset}, ${ledgerAccounts.balance}::text) order by ${ledgerAccounts.id}), '[]'::json) from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${userId})`;
}

/** A user's balance of an asset as a scalar subquery (0 without an account), over SQL expressions for both. */
export function userBalanceOf(userId: SQL, asset: SQL): SQL {
  return sql`coalesce((select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${userId} and ${ledgerAccounts.asset} = ${asset}), 0)`;
}

export interface PostingLine {
  id: number;
  entryId: number;
  asset: string;
  amount: string;
  balanceAfter: string;
  kind: string;
  memo: string;
  createdAt: Date;
}

/**
 * A page of a user's lines, newest first, optionally of one asset or one kind, with the total count.
 * Takes the pool, not a transaction: the page and the count run in parallel on two connections.
 */
export async function userPostings(
  db: Database,
  userId: number,
  filter: { asset?: AssetKey; kind?: string },
  limit: number,
  offset: number,
): Promise<{ list: PostingLine[]; total: number }> {
  const where = and(
    eq(postings.userId, userId),
    filter.asset ? eq(postings.asset, filter.asset) : undefined,
    filter.kind ? eq(postings.kind, filter.kind) : undefined,
  );
  const [list, totals] = await Promise.all([
    db
      .select({
        id: postings.id,
        entryId: postings.entryId,
        asset: postings.asset,
        amount: postings.amount,
        balanceAfter: postings.balanceAfter,
        kind: postings.kind,
        memo: postings.memo,
        createdAt: postings.createdAt,
      })
      .from(postings)
      .where(where)
      .orderBy(desc(postings.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(postings).where(where),
  ]);
  return { list, total: totals[0]?.total ?? 0 };
}

/**
 * The distinct memos of a user's latest lines of one kind, newest first. Only the last `scan` lines are read
 * (one range scan on postings_user_kind_id_idx), so a user with thousands of them costs no more.
 */
export async function recentMemosOfKind(db: Executor, userId: number, kind: string, limit: number, scan: number): Promise<string[]> {
  const recent = db
    .select({ memo: postings.memo, id: postings.id })
    .from(postings)
    .where(and(eq(postings.userId, userId), eq(postings.kind, kind)))
    .orderBy(desc(postings.id))
    .limit(scan)
    .as('recent');
  const rows = await db
    .select({ memo: recent.memo })
    .from(recent)
    .where(sql`${recent.memo} <> ''`)
    .groupBy(recent.memo)
    .orderBy(desc(sql`max(${recent.id})`))
    .limit(limit);
  return rows.map((r) => r.memo);
}

/** Sums of a user's postings per (kind, asset) for the given kinds: all time and since `since`. */
export async function userKindTotals(
  db: Executor,
  userId: number,
  kinds: readonly string[],
  since: Date,
): Promise<{ kind: string; asset: string; total: string; recent: string }[]> {
  if (kinds.length === 0) return [];
  return db
    .select({
      kind: postings.kind,
      asset: postings.asset,
      total: sql<string>`sum(${postings.amount})::text`,
      recent: sql<string>`coalesce(sum(${postings.amount}) filter (where ${postings.createdAt} >= ${since.toISOString()}::timestamptz), 0)::text`,
    })
    .from(postings)
    .where(and(eq(postings.userId, userId), inArray(postings.kind, [...kinds])))
    .groupBy(postings.kind, postings.asset)
    .orderBy(asc(postings.kind), asc(postings.asset));
}

/** Per asset, the sum of every posting ever made: zero when the books balance. */
export async function journalSums(db: Executor): Promise<Map<string, string>> {
  const rows = await db
    .select({ asset: postings.asset, total: sql<string>`sum(${postings.amount})::text` })
    .from(postings)
    .groupBy(postings.asset);
  return new Map(rows.map((r) => [r.asset, r.total]));
}

/** What the platform owes its users per asset: the sum of every user account's balance. */
export async function userLiabilities(db: Executor): Promise<{ asset: string; amount: string }[]> {
  return db
    .select({ asset: ledgerAccounts.asset, amount: sql<string>`sum(${ledgerAccounts.balance})::numeric(38, 8)::text` })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.userId} is not null`)
    .groupBy(ledgerAccounts.asset)
    .orderBy(ledgerAccounts.asset);
}

/** Balances of one system account per asset (a lake's reserves); missing assets read as zero. */
export async function systemBalances(db: Executor, systemKey: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.systemKey, systemKey));
  return new Map(rows.map((r) => [r.asset, r.balance]));
}

/** Per asset, the sum of a sharded system account's rows (`key` and `key:<n>`); missing assets read as zero. */
export async function shardedSystemBalances(db: Executor, systemKey: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ asset: ledgerAccounts.asset, balance: sql<string>`sum(${ledgerAccounts.balance})::numeric(38, 8)::text` })
    .from(ledgerAccounts)
    .where(or(eq(ledgerAccounts.systemKey, systemKey), sql`starts_with(${ledgerAccounts.systemKey}, ${`${systemKey}:`})`))
    .groupBy(ledgerAccounts.asset);
  return new Map(rows.map((r) => [r.asset, r.balance]));
}

/** Balances of several system accounts at once: key → asset → balance. */
export async function systemBalancesFor(db: Executor, keys: string[]): Promise<Map<string, Map<string, string>>> {
  const result = new Map<string, Map<string, string>>();
  if (keys.length === 0) return result;
  const rows = await db
    .select({ key: ledgerAccounts.systemKey, asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.systemKey, keys));
  for (const row of rows) {
    if (!result.has(row.key!)) result.set(row.key!, new Map());
    result.get(row.key!)!.set(row.asset, row.balance);
  }
  return result;
}

/** How many postings (journal lines) the ledger holds, for the operators' metrics (decision 079). */
export async function postingCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(postings);
  return Number(row?.n ?? 0);
}

/**
 * Per UTC day and asset, what users paid in lines of the given kinds since `since` (positive decimal text). Reads
 * the partial index of users' debits (`postings_user_debit_created_idx`) by a range of `created_at`.
 */
export async function userDebitsByDay(db: Executor, kinds: readonly string[], since: Date): Promise<{ day: string; asset: string; amount: string }[]> {
  const day = sql<string>`to_char(${postings.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, asset: postings.asset, amount: sql<string>`(-sum(${postings.amount}))::numeric(38, 8)::text` })
    .from(postings)
    .where(
      and(
        sql`${postings.userId} is not null and ${postings.amount} < 0`,
        sql`${postings.createdAt} >= ${since.toISOString()}::timestamptz`,
        inArray(postings.kind, [...kinds]),
      ),
    )
    .groupBy(day, postings.asset)
    .orderBy(day, postings.asset);
}

/** The users who paid something (a debit line not of the excluded kinds) since `since`, as a subquery of user ids. */
export function payersSince(since: Date, excludedKinds: readonly string[]): SQL {
  return sql`select ${postings.userId} as user_id from ${postings} where ${postings.userId} is not null and ${postings.amount} < 0 and ${postings.createdAt} >= ${since.toISOString()}::timestamptz and ${postings.kind} not in (${sql.join(
    excludedKinds.map((k) => sql`${k}`),
    sql`, `,
  )})`;
}

/**
 * Every user's balances in one statement, so one database snapshot (a proof of liabilities, decision 098): users
 * with no account yet are listed too, their balances empty. `balances` reads `asset=amount,asset=amount`.
 */
export async function everyUsersBalances(db: Executor): Promise<{ userId: number; balances: string }[]> {
  return db
    .select({
      userId: users.id,
      balances: sql<string>`coalesce(string_agg(${ledgerAccounts.asset} || '=' || ${ledgerAccounts.balance}::text, ','), '')`,
    })
    .from(users)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
    .groupBy(users.id)
    .orderBy(users.id);
}
