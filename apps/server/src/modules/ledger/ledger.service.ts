/**
 * The ledger: the only code that changes a balance. Every change is one journal entry whose postings
 * sum to zero per asset, applied inside the caller's transaction. Amounts are exact decimals handled
 * as bigint units; a user account that would go negative refuses the whole entry.
 */
import { fromUnits, toUnits, type AssetKey, type BillLine, type EntryKind, type PostingKind } from '@reef/contract';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { EntryBatch } from './entry-batch.js';
import * as repo from './ledger.repository.js';
import { assertWellFormed } from './entry-shape.js';

export type { BatchPosted, EntryBatch } from './entry-batch.js';

/**
 * The SQL money functions, called only through here (decision 094): the swap batch (modules/market), the starter
 * card batch (modules/cards) and the single entry the property test checks against `postEntry`. The set-based credit
 * a repository composes into its statement (modules/pledge) is in `ledger.sql.ts`.
 */
export {
  buyStarterBatch,
  postThroughSql,
  swapBatch,
  type SqlPostingLine,
  type StarterBuyResult,
  type StarterBuyStatement,
  type SwapOutcome,
  type SwapStatementInput,
  type SwapStatementResult,
} from './money-functions.repository.js';

/**
 * System accounts: the other side of entries that do not move money between users.
 * `adjustment` (operators' funding; may go negative), `fees` (transfer and withdrawal fees), `burned` (coin
 * taken out of circulation by swap fees), `lake:<id>` (a liquidity pool's reserves), `pending_withdrawal`
 * (amount + fee of withdrawals awaiting review), `withdrawn` (paid out on chain: left the platform), `chain_in`
 * (deposits that came in on chain; negative: minus what users have deposited, mirroring the deposit address),
 * `rusd_sales` (USDT users paid for RUSD), `rusd_issue` (RUSD issued by charges, from USDT or on-chain BNB; negative:
 * minus what was issued),
 * `airdrop` (airdrop credits; negative: minus what was given away), `rewards` (reward income paid to users; negative),
 * `cards` (RUSD paid for starter cards: the platform's revenue from its stock), `cards_escrow` (what open card buy
 * orders reserved until a match uses it or the order is released; decision 050).
 * `mining_sales` (what users paid for miners), `mining_output` (collected mining output; negative), `pledge_locked`
 * (principal locked in pledges, paid back on release), `pledge_interest` (pledge interest paid; negative),
 * `shop_sales` (what users paid for points-shop orders, decision 073),
 * `game_house` (the game zone's bank: stakes in, payouts out; negative when players are ahead, decision 071), kept
 * in shards (`game_house`, `game_house:1` …, decision 127) so bets do not all queue on one row; read as one figure.
 */
export type SystemAccountKey =
  | 'adjustment'
  | 'fees'
  | 'burned'
  | `lake:${number}`
  | 'pending_withdrawal'
  | 'withdrawn'
  | 'chain_in'
  | 'rusd_sales'
  | 'rusd_issue'
  | 'airdrop'
  | 'rewards'
  | 'cards'
  | 'cards_escrow'
  | 'mining_sales'
  | 'mining_output'
  | 'pledge_locked'
  | 'pledge_interest'
  | 'shop_sales'
  | 'game_house'
  | `game_house:${number}`;

/**
 * System accounts kept as several rows (decision 127): a hot account every request of a kind posts to would let
 * one transaction at a time commit. Shard 0 is the account's own key (so the rows made before stay shard 0), shard
 * k > 0 is `<key>:<k>`; a shard is the account in every rule (may it go negative), and `systemBalanceUnits` reads
 * the sum of the shards, the one figure operators and audits see.
 */
export const SHARDED_SYSTEM_ACCOUNTS = { game_house: 8 } as const satisfies Partial<Record<SystemAccountKey, number>>;
type ShardedKey = keyof typeof SHARDED_SYSTEM_ACCOUNTS;

/** The shard of `key` for `selector` (e.g. a user id: each user's requests always meet the same shard). */
export function systemShard<K extends ShardedKey>(key: K, selector: number): K | `${K}:${number}` {
  const shard = selector % SHARDED_SYSTEM_ACCOUNTS[key];
  return shard === 0 ? key : `${key}:${shard}`;
}

const baseKeyOf = (key: string) => (key.startsWith('game_house:') ? 'game_house' : key);

const NEGATIVE_ALLOWED: ReadonlySet<string> = new Set<SystemAccountKey>([
  'adjustment',
  'chain_in',
  'rusd_issue',
  'airdrop',
  'rewards',
  'mining_output',
  'pledge_interest',
  'game_house',
]);
const mayGoNegative = (key: SystemAccountKey) => NEGATIVE_ALLOWED.has(baseKeyOf(key));

export type AccountRef = { userId: number; asset: AssetKey } | { system: SystemAccountKey; asset: AssetKey };

export interface PostingInput {
  account: AccountRef;
  /** Signed units (1 = 10^-8). */
  amount: bigint;
  /** What the line means to its owner: shown in bills (transfer_out, transfer_fee, …); one of the contract's list. */
  kind: PostingKind;
  memo?: string;
}

export interface EntryInput {
  kind: EntryKind;
  memo?: string;
  actorId: number | null;
  postings: PostingInput[];
}

export interface PostedEntry {
  entryId: number;
  /** Balance after the entry, by "userId:asset" for user accounts. */
  userBalances: Map<string, string>;
}

export const balanceKey = (userId: number, asset: AssetKey) => `${userId}:${asset}`;

export async function postEntry(tx: Transaction, input: EntryInput): Promise<PostedEntry> {
  assertWellFormed(input);

  // One after another: a transaction is one connection, and pg refuses overlapping queries on it.
  const resolved = [];
  for (const [index, p] of input.postings.entries()) resolved.push({ ...p, index, ...(await resolveAccount(tx, p.account)) });
  // Lock rows in one global order (account id) so two entries touching the same accounts cannot deadlock.
  resolved.sort((a, b) => a.accountId - b.accountId || a.index - b.index);

  const entryId = await repo.insertEntry(tx, input.kind, input.memo ?? '', input.actorId);
  const rows: (repo.PostingRow & { index: number })[] = [];
  const userBalances = new Map<string, string>();
  for (const p of resolved) {
    const balanceAfter = await repo.applyToAccount(tx, p.accountId, fromUnits(p.amount));
    if (balanceAfter === null) {
      throw new DomainError('INSUFFICIENT_BALANCE', { asset: p.account.asset });
    }
    if (p.userId !== null) userBalances.set(balanceKey(p.userId, p.account.asset), balanceAfter);
    rows.push({
      index: p.index,
      entryId,
      accountId: p.accountId,
      userId: p.userId,
      asset: p.account.asset,
      amount: fromUnits(p.amount),
      balanceAfter,
      kind: p.kind,
      memo: p.memo ?? input.memo ?? '',
    });
  }
  // Restore the caller's order so bill lines of one entry read as written (amount before fee).
  rows.sort((a, b) => a.index - b.index);
  await repo.insertPostings(
    tx,
    rows.map(({ index: _index, ...row }) => row),
  );
  return { entryId, userBalances };
}

/**
 * Many balanced entries at once, the set-based sibling of `postEntry` for a consumer that posts one entry per
 * event of a batch (the reward engine, decision 087): the same checks and the same result as calling `postEntry`
 * for each input in order, in a fixed number of statements whatever the batch's size. Every account is resolved
 * in one read and locked in account-id order with its balance (so no deadlock with `postEntry`); each posting's
 * balance after is that balance plus the postings before it in the batch (entries in order; within an entry, in
 * account-id order as `postEntry` applies them), and an account that may not go negative refuses the whole batch
 * with INSUFFICIENT_BALANCE. Then the entries, the postings and one balance update per account are written.
 * Returns the entry ids in the order of `inputs`.
 */
export async function postEntries(tx: Transaction, inputs: readonly EntryInput[]): Promise<number[]> {
  return (await postEntriesWithBalances(tx, inputs)).map((posted) => posted.entryId);
}

/** `postEntries`, answering as `postEntry` does for each entry: its id and its users' balances after it. */
export async function postEntriesWithBalances(tx: Transaction, inputs: readonly EntryInput[]): Promise<PostedEntry[]> {
  if (inputs.length === 0) return [];
  for (const input of inputs) assertWellFormed(input);

  // Accounts: each system account once, every user account in one read.
  const systemIds = new Map<string, number>();
  const userRefs = new Map<string, { userId: number; asset: AssetKey }>();
  for (const input of inputs) {
    for (const { account } of input.postings) {
      if ('system' in account) {
        const key = `${account.system}:${account.asset}`;
        if (!systemIds.has(key)) systemIds.set(key, await repo.systemAccountId(tx, account.system, account.asset, mayGoNegative(account.system)));
      } else userRefs.set(balanceKey(account.userId, account.asset), account);
    }
  }
  const userIds = await repo.userAccountIdsOf(tx, [...userRefs.values()]);
  const idOf = (account: AccountRef) => {
    const id = 'system' in account ? systemIds.get(`${account.system}:${account.asset}`) : userIds.get(balanceKey(account.userId, account.asset));
    if (id === undefined) throw new DomainError('USER_NOT_FOUND');
    return id;
  };
  const resolved = inputs.map((input) =>
    input.postings
      .map((p, index) => ({ ...p, index, accountId: idOf(p.account), userId: 'system' in p.account ? null : p.account.userId }))
      .sort((a, b) => a.accountId - b.accountId || a.index - b.index),
  );
  const accounts = await repo.lockAccountsWithBalances(tx, [...new Set(resolved.flatMap((entry) => entry.map((p) => p.accountId)))]);

  const entryIds = await repo.insertEntries(
    tx,
    inputs.map((input) => ({ kind: input.kind, memo: input.memo ?? '', actorId: input.actorId })),
  );
  const balances = new Map([...accounts].map(([id, a]) => [id, toUnits(a.balance)]));
  const rows: repo.PostingRow[] = [];
  const posted: PostedEntry[] = [];
  resolved.forEach((entry, e) => {
    const lines: (repo.PostingRow & { index: number })[] = [];
    const userBalances = new Map<string, string>();
    posted.push({ entryId: entryIds[e]!, userBalances });
    for (const p of entry) {
      const after = balances.get(p.accountId)! + p.amount;
      if (after < 0n && !accounts.get(p.accountId)!.mayGoNegative) throw new DomainError('INSUFFICIENT_BALANCE', { asset: p.account.asset });
      balances.set(p.accountId, after);
      if (p.userId !== null) userBalances.set(balanceKey(p.userId, p.account.asset), fromUnits(after));
      lines.push({
        index: p.index,
        entryId: entryIds[e]!,
        accountId: p.accountId,
        userId: p.userId,
        asset: p.account.asset,
        amount: fromUnits(p.amount),
        balanceAfter: fromUnits(after),
        kind: p.kind,
        memo: p.memo ?? inputs[e]!.memo ?? '',
      });
    }
    // The caller's order within each entry, as postEntry writes them.
    lines.sort((a, b) => a.index - b.index);
    for (const { index: _index, ...row } of lines) rows.push(row);
  });
  await repo.insertPostingRows(tx, rows);
  await repo.addToAccounts(
    tx,
    [...balances]
      .map(([id, balance]) => ({ id, delta: balance - toUnits(accounts.get(id)!.balance) }))
      .filter((d) => d.delta !== 0n)
      .map((d) => ({ id: d.id, delta: fromUnits(d.delta) })),
  );
  return posted;
}

/**
 * A batch of entries decided one at a time over accounts locked once, written together (`entry-batch.ts`, decision
 * 127): `refs` are every account the entries may touch.
 */
export function openEntryBatch(tx: Transaction, refs: readonly AccountRef[]): Promise<EntryBatch> {
  return EntryBatch.open(tx, refs, (ref) => repo.systemAccountId(tx, ref.system, ref.asset, mayGoNegative(ref.system)));
}

/**
 * For a unit of work that posts several entries over different accounts in one transaction (a buy order that
 * matches at once: its reservation, then the match): locks every account it will touch up front, in the same
 * global order `postEntry` uses. Without it, the second entry would take new locks while holding the first
 * entry's, and two such units (or one and a plain entry) could deadlock on PostgreSQL.
 */
export async function lockAccounts(tx: Transaction, refs: readonly AccountRef[]): Promise<void> {
  const ids = new Set<number>();
  for (const ref of refs) ids.add((await resolveAccount(tx, ref)).accountId);
  await repo.lockAccountRows(tx, [...ids]);
}

export interface AdjustmentInput {
  actorId: number;
  userId: number;
  asset: AssetKey;
  /** Signed units: a credit or a debit. */
  amount: bigint;
  memo: string;
}

/** Operators fund and correct accounts only through an audited entry against the adjustment account. */
export async function adjustBalance(tx: Transaction, input: AdjustmentInput) {
  // An unknown uid has no ledger accounts: resolving its posting refuses the entry with USER_NOT_FOUND.
  const posted = await postEntry(tx, {
    kind: 'adjustment',
    memo: input.memo,
    actorId: input.actorId,
    postings: [
      { account: { userId: input.userId, asset: input.asset }, amount: input.amount, kind: 'adjustment' },
      { account: { system: 'adjustment', asset: input.asset }, amount: -input.amount, kind: 'adjustment' },
    ],
  });
  return { entry_id: posted.entryId, asset: input.asset, balance: posted.userBalances.get(balanceKey(input.userId, input.asset))! };
}

async function resolveAccount(tx: Transaction, ref: AccountRef): Promise<{ accountId: number; userId: number | null }> {
  if ('system' in ref) {
    return { accountId: await repo.systemAccountId(tx, ref.system, ref.asset, mayGoNegative(ref.system)), userId: null };
  }
  const ids = await repo.userAccountIds(tx, ref.userId, [ref.asset]);
  const accountId = ids.get(ref.asset);
  if (accountId === undefined) throw new DomainError('USER_NOT_FOUND');
  return { accountId, userId: ref.userId };
}

/**
 * Creates these system accounts if they do not exist yet, so a set-based credit (the SQL function
 * `reef_ledger_credit_batch`, decision 056) finds them with the right may-go-negative flag.
 */
export async function ensureSystemAccounts(tx: Executor, accounts: { system: SystemAccountKey; asset: AssetKey }[]): Promise<void> {
  for (const { system, asset } of accounts) await repo.systemAccountId(tx, system, asset, mayGoNegative(system));
}

export function openUserAccounts(tx: Transaction, userId: number): Promise<void> {
  return repo.insertUserAccounts(tx, userId);
}

export async function balancesOf(db: Executor, userId: number): Promise<Map<AssetKey, string>> {
  const rows = await repo.userBalances(db, userId);
  return new Map(rows.map((r) => [r.asset, r.balance]));
}

export function balancesFromJson(pairs: [string, string][]): Map<AssetKey, string> {
  return new Map(pairs.map(([asset, balance]) => [asset as AssetKey, balance]));
}

function billView(line: repo.PostingLine) {
  return {
    id: line.id,
    asset: line.asset as AssetKey,
    amount: line.amount,
    balance_after: line.balanceAfter,
    kind: line.kind as BillLine['kind'],
    memo: line.memo,
    created_at: line.createdAt.toISOString(),
  };
}

/**
 * A user's lines of one bill kind, newest first (e.g. one reward kind), each with its journal entry's id so the
 * module that posted it can attach what it knows about the entry (a reward's explanation).
 */
export async function billsOfKind(db: Database, userId: number, kind: BillLine['kind'], page: number, limit: number) {
  const { list, total } = await repo.userPostings(db, userId, { kind }, limit, (page - 1) * limit);
  return { total, list: list.map((line) => ({ line: billView(line), entryId: line.entryId })) };
}

/**
 * A user's sums per (bill kind, asset) over the given kinds, in all and since `since` (grouped in SQL).
 * Amounts are exact decimal strings.
 */
export function userKindTotals(db: Executor, userId: number, kinds: readonly PostingKind[], since: Date) {
  return repo.userKindTotals(db, userId, kinds, since);
}

/** The memos of a user's latest lines of one kind (e.g. the recipients of the last transfers), newest first, each once. */
export function recentMemosOfKind(db: Executor, userId: number, kind: BillLine['kind'], limit: number): Promise<string[]> {
  // 20 lines per wanted memo: enough that repeated transfers to one person still leave room for the others.
  return repo.recentMemosOfKind(db, userId, kind, limit, limit * 20);
}

export async function billsOf(db: Database, userId: number, asset: AssetKey | null, page: number, limit: number) {
  const { list, total } = await repo.userPostings(db, userId, asset ? { asset } : {}, limit, (page - 1) * limit);
  return { total, list: list.map(billView) };
}

/** The console's view of a user's journal lines (issue 16): newest first, each with its journal entry. */
export async function journalLinesOf(db: Database, userId: number, asset: AssetKey | undefined, page: number, limit: number) {
  const { list, total } = await repo.userPostings(db, userId, asset ? { asset } : {}, limit, (page - 1) * limit);
  return { list: list.map((line) => ({ ...billView(line), entry_id: line.entryId })), page, limit, total };
}

/** The operator console's liabilities: per asset, the sum of user balances (decision 085). */
export async function userLiabilities(db: Executor): Promise<{ asset: AssetKey; amount: string }[]> {
  return (await repo.userLiabilities(db)) as { asset: AssetKey; amount: string }[];
}

/** For audits and tests: per asset, the sum of all postings (always "0.00000000" when the books balance). */
export async function journalTotals(db: Executor): Promise<Map<string, bigint>> {
  const sums = await repo.journalSums(db);
  return new Map([...sums].map(([asset, total]) => [asset, toUnits(total)]));
}

/** Units held by a system account per asset (e.g. a lake's reserves). Read inside the caller's lock. */
export async function systemBalanceUnits(db: Executor, key: SystemAccountKey): Promise<Map<string, bigint>> {
  // A sharded account is one figure: the sum of its shards (decision 127).
  const balances = key in SHARDED_SYSTEM_ACCOUNTS ? await repo.shardedSystemBalances(db, key) : await repo.systemBalances(db, key);
  return new Map([...balances].map(([asset, balance]) => [asset, toUnits(balance)]));
}

/** Units per asset of several system accounts in one query (e.g. the reserves of every lake). */
export async function systemBalancesUnits(db: Executor, keys: SystemAccountKey[]): Promise<Map<string, Map<string, bigint>>> {
  const balances = await repo.systemBalancesFor(db, keys);
  return new Map([...balances].map(([key, byAsset]) => [key, new Map([...byAsset].map(([asset, value]) => [asset, toUnits(value)]))]));
}

/** Postings written so far (every balance change is two or more), for `GET /metrics` (decision 079). */
export function postingCount(db: Executor): Promise<number> {
  return repo.postingCount(db);
}

/**
 * The console's turnover (decision 090): what users paid for something on the platform, the principal of each
 * payment as the paying user's debit line. Transfers, exchanges, miners, pledges, cards (starter stock, market
 * buys, renewals), game stakes and shop orders. Left out: fees (part of the same action, revenue rather than
 * volume), withdrawals (money leaving, counted by their own queue), a card order's reserve (only a hold until it
 * matches or is released) and operators' adjustments (not a user's act).
 */
export const TURNOVER_KINDS = [
  'transfer_out',
  'exchange_out',
  'mining_purchase',
  'pledge_lock',
  'card_buy',
  'card_purchase',
  'card_renewal',
  'game_bet',
  'shop_purchase',
] as const;

/** Per UTC day (YYYY-MM-DD) and asset, the turnover since `since`; days and assets without any are absent. */
export function turnoverByDay(db: Executor, since: Date): Promise<{ day: string; asset: string; amount: string }[]> {
  return repo.userDebitsByDay(db, TURNOVER_KINDS, since);
}

/**
 * A subquery of the ids of users who paid something themselves since `since` (any debit of theirs but an
 * operator's adjustment), one row per line: for the console's active users, which puts it in a union.
 */
export function payersSinceSubquery(since: Date) {
  return repo.payersSince(since, ['adjustment']);
}

/** Every user's balance of every asset, read in one statement (one snapshot of the books), for proof of liabilities. */
export async function everyUsersBalances(db: Executor): Promise<{ userId: number; balances: Map<string, string> }[]> {
  const rows = await repo.everyUsersBalances(db);
  return rows.map(({ userId, balances }) => ({
    userId,
    balances: new Map(balances === '' ? [] : balances.split(',').map((pair) => pair.split('=') as [string, string])),
  }));
}
