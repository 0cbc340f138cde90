/**
 * The ledger's SQL money functions (migrations 0012, 0016, 0019, 0021, 0026), called from here only (decision 094):
 * lint refuses a `reef_` function call in a template literal anywhere else. They are the set-based siblings of
 * `postEntry` for the hot paths that must be one statement (a swap, a starter-card burst, a pledge settlement
 * batch); each posts through `reef_ledger_post(_held)` or `reef_ledger_credit_batch`, whose kinds the database's
 * CHECK holds to the contract's list (migration 0037).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EntryKind, PostingKind } from '@reef/contract';
import type { Executor } from '../../db/client.js';
import { errorOfFailure, rethrowRefusal, type StatementFailure } from '../../db/refusal.js';

type Outcome<T> = { ok: T } | { error: Error };

function outcomesOf<T>(result: unknown): Outcome<T>[] {
  const outcomes = (result as { rows: { r: ({ ok: T } | { error: StatementFailure })[] }[] }).rows[0]!.r;
  return outcomes.map((outcome) => ('ok' in outcome ? outcome : { error: errorOfFailure(outcome.error) }));
}

// ───── swaps (modules/market) ─────

export interface SwapStatementInput {
  userId: number;
  from: string;
  to: string;
  /** Exact decimal strings, as the contract parsed them. */
  amount: string;
  minOut: string;
  burnable: boolean;
  now: Date;
}

export interface SwapStatementResult {
  entry_id: number;
  amount_in: string;
  amount_out: string;
  fee: string;
  burn: string;
  price_after: string;
  balance_from: string;
  balance_to: string;
  /** The swap.executed payload the function recorded (without type and user). */
  event: { lake_id: number; asset_in: string; amount_in: string; asset_out: string; amount_out: string; fee: string; burn: string; entry_id: number };
}

export type SwapOutcome = Outcome<SwapStatementResult>;

/**
 * Several swaps in one statement (reef_market_swap_batch, migration 0016, decision 047): each is the whole swap
 * of reef_market_swap (migration 0012, decision 034) in its own subtransaction, so a refusal (a DomainError
 * here) or any other failure rolls back that swap alone. Outcomes in the order of `inputs`.
 */
export async function swapBatch(db: Executor, inputs: readonly SwapStatementInput[]): Promise<SwapOutcome[]> {
  const swapsJson = JSON.stringify(
    inputs.map((i) => ({ user: i.userId, from: i.from, to: i.to, amount: i.amount, min_out: i.minOut, burnable: i.burnable, now: i.now.toISOString() })),
  );
  return outcomesOf<SwapStatementResult>(await db.execute(sql`select reef_market_swap_batch(${swapsJson}::jsonb) as r`));
}

// ───── starter cards (modules/cards) ─────

/** One starter purchase as `reef_cards_buy_starter` takes it (migration 0021, decision 061). */
export interface StarterBuyStatement {
  userId: number;
  typeId: number;
  sessionId: number;
  perUserCap: number;
  /** Exact decimal strings. */
  price: string;
  fuelFee: string;
  holdUntil: Date;
  listBy: Date;
  now: Date;
}

export interface StarterBuyResult {
  card_id: number;
  entry_id: number;
  balance_rusd: string;
  balance_fuel: string;
  /** The card.bought payload the function recorded (without type and user). */
  event: { entry_id: number; card_id: number; card_type_id: number; session_id: number; price: string; fuel_fee: string };
}

/**
 * Several starter purchases in one statement (`reef_cards_buy_starter_batch`): each the whole purchase — cap row,
 * card, ledger entry, conditional stock UPDATE, history, event — in its own subtransaction, so a refusal (a
 * DomainError here) or any other failure rolls back that purchase alone. Outcomes in the order of `inputs`.
 */
export async function buyStarterBatch(db: Executor, inputs: readonly StarterBuyStatement[]): Promise<Outcome<StarterBuyResult>[]> {
  const buys = JSON.stringify(
    inputs.map((i) => ({
      user: i.userId,
      type: i.typeId,
      session: i.sessionId,
      cap: i.perUserCap,
      price: i.price,
      fuel_fee: i.fuelFee,
      hold_until: i.holdUntil.toISOString(),
      list_by: i.listBy.toISOString(),
      now: i.now.toISOString(),
    })),
  );
  return outcomesOf<StarterBuyResult>(await db.execute(sql`select reef_cards_buy_starter_batch(${buys}::jsonb) as r`));
}

// ───── set-based credits (modules/pledge) ─────

/**
 * The columns of a set-based credit, each an SQL array expression of the caller's statement (one element per
 * line): line i credits amounts[i] of assets[i] to user userIds[i] from system account systems[i], with bill kind
 * lineKinds[i], memo memos[i] and time times[i].
 */
export interface CreditBatchColumns {
  userIds: SQL;
  assets: SQL;
  amounts: SQL;
  lineKinds: SQL;
  memos: SQL;
  times: SQL;
  systems: SQL;
}

/**
 * `reef_ledger_credit_batch(…)` (migration 0019, decision 056) as an expression for a caller's own statement (the
 * pledge settlement computes its lines and records its rows in the same CTE). The entry's and the system lines'
 * kind is typed; the users' line kinds are the caller's SQL, which the kinds CHECK holds to the contract.
 */
export function creditBatchCall(kind: EntryKind & PostingKind, memo: string, at: SQL, columns: CreditBatchColumns): SQL {
  const c = columns;
  return sql`reef_ledger_credit_batch(${kind}, ${memo}, ${at}, ${c.userIds}, ${c.assets}, ${c.amounts}, ${c.lineKinds}, ${c.memos}, ${c.times}, ${c.systems})`;
}

// ───── the single entry (the property test's SQL path) ─────

export interface SqlPostingLine {
  /** A user's account or a system account's key. */
  account: { user_id: number } | { system: string };
  asset: string;
  /** Exact signed decimal string. */
  amount: string;
  kind: PostingKind;
  memo?: string;
}

/** `reef_ledger_post`: one balanced entry, as `postEntry` writes it; returns the entry id. */
export async function postThroughSql(
  db: Executor,
  input: { kind: EntryKind; memo: string; actorId: number | null; now: Date; lines: readonly SqlPostingLine[] },
): Promise<number> {
  const lines = JSON.stringify(input.lines.map(({ account, ...line }) => ({ ...account, ...line })));
  const result = await db
    .execute(
      sql`select reef_ledger_post(${input.kind}, ${input.memo}, ${input.actorId}::integer, ${input.now.toISOString()}::timestamptz, ${lines}::jsonb) as r`,
    )
    .catch(rethrowRefusal);
  const posted = (result as unknown as { rows: { r: { entry_id: number | string } }[] }).rows[0]!.r;
  return Number(posted.entry_id);
}
