/**
 * Pledge (locked-position) products (spec §1, §3, §4, §5, §9; decisions 056, 057). A lock moves the
 * principal to the `pledge_locked` system account and the service fee to `fees` in one journal entry; the
 * settlement (`settlePledge`, a periodic job) pays interest daily and releases the principal after unlock.
 */
import { fromUnits, toUnits, type AssetKey, type PledgePosition, type PledgeProduct, type PledgeQuote } from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { AuthUser } from '../../core/auth-user.js';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { recordEvent } from '../events/events.service.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { requireReferrerFor } from '../community/community.service.js';
import { balanceKey, ensureSystemAccounts, postEntry } from '../ledger/ledger.service.js';
import { setPledged } from '../users/users.service.js';
import * as repo from './pledge.repository.js';

const DAY_MS = 86_400_000;
const UNIT = 100_000_000n;
/** Positions per settlement statement (decision 056). */
export const PLEDGE_SETTLEMENT_BATCH = 20_000;
const ZERO = '0.00000000';

const exact = (amount: string) => fromUnits(toUnits(amount));

// ---- the rules as pure functions (the property test checks the settlement against them) ------------------

/** Service fee of a lock: amount × fee rate, cut to 8 places (decision 057). */
export function feeOf(amountUnits: bigint, feeRate: string): bigint {
  return (amountUnits * toUnits(feeRate)) / UNIT;
}

/** Daily interest: principal × annual rate ÷ 365, cut to 8 places, fixed at lock (decision 057). */
export function dailyInterestOf(principalUnits: bigint, annualRate: string): bigint {
  return (principalUnits * toUnits(annualRate)) / (UNIT * 365n);
}

/** Release instalment j of n (n = 0: everything at once): floor(p·j/n) − floor(p·(j−1)/n), so they add up to p. */
export function releaseInstalment(principalUnits: bigint, releaseDays: number, period: number): bigint {
  if (releaseDays === 0) return principalUnits;
  const n = BigInt(releaseDays);
  return (principalUnits * BigInt(period)) / n - (principalUnits * BigInt(period - 1)) / n;
}

/** Principal back after `paid` instalments. */
export function releasedOf(principalUnits: bigint, releaseDays: number, paid: number): bigint {
  return (principalUnits * BigInt(paid)) / BigInt(Math.max(releaseDays, 1));
}

export function productState(row: Pick<repo.ProductRow, 'saleStartsAt' | 'saleEndsAt' | 'unlockAt' | 'releaseDays'>, now: Date): PledgeProduct['state'] {
  if (now < row.saleStartsAt) return 'not_started';
  if (now < row.saleEndsAt) return 'in_progress';
  if (now < row.unlockAt) return 'ended';
  if (now.getTime() < row.unlockAt.getTime() + row.releaseDays * DAY_MS) return 'releasing';
  return 'released';
}

function productView(row: repo.ProductRow, now: Date, holding = ZERO): PledgeProduct {
  return {
    id: row.id,
    name: row.name,
    product_type: row.productType,
    asset: row.asset as AssetKey,
    interest_asset: row.interestAsset as AssetKey,
    cycle_days: row.cycleDays,
    annual_rate: row.annualRate,
    daily_interest_per_thousand: fromUnits(dailyInterestOf(1000n * UNIT, row.annualRate)),
    min_lock: row.minLock,
    max_per_user: row.maxPerUser,
    total_cap: row.totalCap,
    locked_total: row.lockedTotal,
    fee_rate: row.feeRate,
    sale_starts_at: row.saleStartsAt.toISOString(),
    sale_ends_at: row.saleEndsAt.toISOString(),
    dividend_at: row.dividendAt.toISOString(),
    unlock_at: row.unlockAt.toISOString(),
    release_days: row.releaseDays,
    status: row.status as PledgeProduct['status'],
    state: productState(row, now),
    starts_in: Math.max(0, Math.ceil((row.saleStartsAt.getTime() - now.getTime()) / 1000)),
    ends_in: Math.max(0, Math.ceil((row.saleEndsAt.getTime() - now.getTime()) / 1000)),
    holding: exact(holding),
  };
}

function positionView(row: repo.PositionWithName, now: Date): PledgePosition {
  const principal = toUnits(row.principal);
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    asset: row.asset as AssetKey,
    interest_asset: row.interestAsset as AssetKey,
    amount: row.amount,
    fee: row.fee,
    principal: row.principal,
    annual_rate: row.annualRate,
    daily_interest: row.dailyInterest,
    cycle_days: row.cycleDays,
    interest_days_paid: row.interestPaid,
    interest: fromUnits(toUnits(row.dailyInterest) * BigInt(row.interestPaid)),
    released: fromUnits(releasedOf(principal, row.releaseDays, row.releasePaid)),
    dividend_at: row.dividendAt.toISOString(),
    unlock_at: row.unlockAt.toISOString(),
    release_days: row.releaseDays,
    next_payment_at: row.nextDueAt?.toISOString() ?? null,
    state: row.status === 'released' ? 'released' : now >= row.unlockAt ? 'releasing' : 'in_progress',
    created_at: row.createdAt.toISOString(),
  };
}

function quoteOf(product: repo.ProductRow, amount: string): PledgeQuote {
  const amountUnits = toUnits(amount);
  const fee = feeOf(amountUnits, product.feeRate);
  const principal = amountUnits - fee;
  if (principal <= 0n) throw new DomainError('PLEDGE_AMOUNT_TOO_SMALL');
  const daily = dailyInterestOf(principal, product.annualRate);
  return {
    amount: fromUnits(amountUnits),
    fee: fromUnits(fee),
    principal: fromUnits(principal),
    asset: product.asset as AssetKey,
    interest_asset: product.interestAsset as AssetKey,
    daily_interest: fromUnits(daily),
    total_interest: fromUnits(daily * BigInt(product.cycleDays)),
    dividend_at: product.dividendAt.toISOString(),
    unlock_at: product.unlockAt.toISOString(),
    release_days: product.releaseDays,
    released_at: new Date(product.unlockAt.getTime() + product.releaseDays * DAY_MS).toISOString(),
  };
}

/** Every rule of a lock, before any write: a refusal changes nothing. */
async function checkLock(db: Executor, product: repo.ProductRow | undefined, userId: number, amount: string, now: Date): Promise<repo.ProductRow> {
  if (!product) throw new DomainError('NOT_FOUND');
  if (product.status !== 'active') throw new DomainError('PLEDGE_CLOSED');
  if (now < product.saleStartsAt) throw new DomainError('PLEDGE_NOT_STARTED', { starts_at: product.saleStartsAt.toISOString() });
  if (now >= product.saleEndsAt) throw new DomainError('PLEDGE_SALE_ENDED');
  const units = toUnits(amount);
  if (units < toUnits(product.minLock)) throw new DomainError('PLEDGE_BELOW_MINIMUM', { min: product.minLock });
  const held = toUnits((await repo.holdingsOf(db, userId, product.id)).get(product.id) ?? '0');
  if (held + units > toUnits(product.maxPerUser)) throw new DomainError('PLEDGE_ABOVE_MAXIMUM', { max: product.maxPerUser, holding: fromUnits(held) });
  const left = toUnits(product.totalCap) - toUnits(product.lockedTotal);
  if (units > left) throw new DomainError('PLEDGE_CAP_REACHED', { remaining: fromUnits(left < 0n ? 0n : left) });
  return product;
}

// ---- users ------------------------------------------------------------------------------------------------

export async function listProducts(db: Database, userId: number, now = clock.now()) {
  const [rows, holdings] = await Promise.all([repo.listProducts(db, ['active', 'paused']), repo.holdingsOf(db, userId)]);
  return { now: now.toISOString(), list: rows.map((row) => productView(row, now, holdings.get(row.id))) };
}

export async function productDetails(db: Database, userId: number, productId: number, now = clock.now()) {
  const row = await repo.findProduct(db, productId);
  if (!row || row.status === 'closed') throw new DomainError('NOT_FOUND');
  const holdings = await repo.holdingsOf(db, userId, productId);
  return { ...productView(row, now, holdings.get(row.id)), now: now.toISOString() };
}

/** The fee, the actual amount locked and what it pays, for the confirmation (spec §9); the same checks as a lock. */
export async function preview(db: Database, userId: number, productId: number, amount: string, now = clock.now()) {
  // Asked at the confirmation too, so the page offers the binding before the user confirms (decision 119).
  await requireReferrerFor(db, userId, 'pledge');
  const product = await checkLock(db, await repo.findProduct(db, productId), userId, amount, now);
  return quoteOf(product, amount);
}

export async function lock(db: Database, user: AuthUser, productId: number, amount: string, idempotencyKey: string | undefined, now = clock.now()) {
  return runIdempotent(db, { userId: user.id, key: idempotencyKey, request: ['pledge_lock', productId, amount] }, async (tx) => {
    await requireReferrerFor(tx, user.id, 'pledge');
    // The product's row lock orders every lock into it: the cap and the per-user maximum are read under it.
    const product = await checkLock(tx, await repo.findProduct(tx, productId, true), user.id, amount, now);
    const quote = quoteOf(product, amount);
    const asset = product.asset as AssetKey;
    const principal = toUnits(quote.principal);
    const fee = toUnits(quote.fee);
    const memo = `pledge ${product.id}`;
    const posted = await postEntry(tx, {
      kind: 'pledge_lock',
      memo,
      actorId: user.id,
      postings: [
        { account: { userId: user.id, asset }, amount: -principal, kind: 'pledge_lock' },
        ...(fee > 0n ? [{ account: { userId: user.id, asset }, amount: -fee, kind: 'pledge_fee' as const }] : []),
        { account: { system: 'pledge_locked', asset }, amount: principal, kind: 'pledge_lock' },
        ...(fee > 0n ? [{ account: { system: 'fees' as const, asset }, amount: fee, kind: 'pledge_fee' as const }] : []),
      ],
    });
    if (!(await repo.addLocked(tx, product.id, quote.amount))) throw new DomainError('PLEDGE_CAP_REACHED');
    const position = await repo.insertPosition(tx, {
      userId: user.id,
      productId: product.id,
      asset,
      interestAsset: product.interestAsset,
      amount: quote.amount,
      fee: quote.fee,
      principal: quote.principal,
      annualRate: product.annualRate,
      dailyInterest: quote.daily_interest,
      cycleDays: product.cycleDays,
      dividendAt: product.dividendAt,
      unlockAt: product.unlockAt,
      releaseDays: product.releaseDays,
      nextDueAt: new Date(product.dividendAt.getTime() + DAY_MS),
      entryId: posted.entryId,
      createdAt: now,
    });
    await setPledged(tx, [user.id], true);
    await recordEvent(tx, {
      type: 'pledge.locked',
      user_id: user.id,
      entry_id: posted.entryId,
      position_id: position.id,
      product_id: product.id,
      asset,
      amount: quote.amount,
      fee: quote.fee,
      principal: quote.principal,
    });
    return {
      position: positionView({ ...position, name: product.name }, now),
      entry_id: posted.entryId,
      balance: posted.userBalances.get(balanceKey(user.id, asset))!,
    };
  });
}

export async function myPositions(db: Database, userId: number, page: number, limit: number, now = clock.now()) {
  const { list, total } = await repo.positionsOf(db, userId, limit, (page - 1) * limit);
  return { list: list.map((row) => positionView(row, now)), page, limit, total };
}

export async function positionDetails(db: Database, userId: number, positionId: number, now = clock.now()) {
  const row = await repo.findPosition(db, positionId);
  if (!row || row.userId !== userId) throw new DomainError('NOT_FOUND');
  const payments = await repo.settlementsOf(db, row.id);
  const principal = toUnits(row.principal);
  const periods = Math.max(row.releaseDays, 1);
  const schedule = Array.from({ length: periods }, (_, index) => {
    const period = index + 1;
    const dueMs = row.unlockAt.getTime() + (row.releaseDays === 0 ? 0 : period * DAY_MS);
    return {
      period,
      amount: fromUnits(releaseInstalment(principal, row.releaseDays, period)),
      due_at: new Date(dueMs).toISOString(),
      paid: period <= row.releasePaid,
    };
  });
  return {
    position: positionView(row, now),
    payments: payments.map((p) => ({
      kind: p.kind as 'interest' | 'release',
      period: p.period,
      asset: p.asset as AssetKey,
      amount: p.amount,
      due_at: p.dueAt.toISOString(),
      entry_id: p.entryId,
    })),
    release_schedule: schedule,
  };
}

// ---- settlement -------------------------------------------------------------------------------------------

export interface SettlementHooks {
  /** Called inside each batch's transaction after its statements, before the commit (the crash test waits here). */
  insideBatch?: (batch: repo.SettledBatch) => Promise<void>;
}

async function finishBatch(tx: Transaction, batch: repo.SettledBatch, now: Date) {
  if (batch.entry_id !== null && batch.first_id !== null && batch.last_id !== null) {
    await repo.recordReleaseEvents(tx, batch.first_id, batch.last_id, now);
    const totals = await repo.batchTotals(tx, batch.first_id, batch.last_id);
    await recordEvent(tx, {
      type: 'pledge.settled',
      user_id: null,
      entry_id: batch.entry_id,
      interest_lines: totals.filter((t) => t.kind === 'interest').reduce((n, t) => n + t.lines, 0),
      release_lines: totals.filter((t) => t.kind === 'release').reduce((n, t) => n + t.lines, 0),
      totals: totals.map((t) => ({ kind: t.kind as 'interest' | 'release', asset: t.asset as AssetKey, amount: t.amount })),
    });
  }
  await setPledged(tx, await repo.usersWithoutHoldings(tx, batch.released_users), false);
}

/**
 * Pays every due period of every position up to `now`, earliest first, a batch per transaction, until none
 * is due (decision 056). Safe to run twice, concurrently, or again after a crash.
 */
export async function settlePledge(db: Database, now = clock.now(), hooks: SettlementHooks = {}, batch = PLEDGE_SETTLEMENT_BATCH) {
  const assets = await repo.productAssets(db);
  if (assets.length === 0) return { lines: 0 };
  await db.transaction((tx) =>
    ensureSystemAccounts(tx, [
      ...assets.map((a) => ({ system: 'pledge_locked' as const, asset: a.asset as AssetKey })),
      ...assets.map((a) => ({ system: 'pledge_interest' as const, asset: a.interestAsset as AssetKey })),
    ]),
  );
  let lines = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const settled = await repo.settlePositions(tx, now, batch);
      if (settled.lines > 0) {
        await finishBatch(tx, settled, now);
        await hooks.insideBatch?.(settled);
      }
      return settled.lines;
    });
    lines += done;
    if (done === 0) return { lines };
  }
}

// ---- operators --------------------------------------------------------------------------------------------

export interface ProductInput {
  name?: string | undefined;
  product_type?: string | undefined;
  asset?: AssetKey | undefined;
  interest_asset?: AssetKey | undefined;
  cycle_days?: number | undefined;
  annual_rate?: string | undefined;
  min_lock?: string | undefined;
  max_per_user?: string | undefined;
  total_cap?: string | undefined;
  fee_rate?: string | undefined;
  sale_starts_at?: string | undefined;
  sale_ends_at?: string | undefined;
  dividend_at?: string | undefined;
  release_days?: number | undefined;
  status?: PledgeProduct['status'] | undefined;
}

function productColumns(input: ProductInput): Partial<repo.NewProduct> {
  const columns: Record<string, unknown> = {
    name: input.name,
    productType: input.product_type,
    asset: input.asset,
    interestAsset: input.interest_asset,
    cycleDays: input.cycle_days,
    annualRate: input.annual_rate === undefined ? undefined : exact(input.annual_rate),
    minLock: input.min_lock === undefined ? undefined : exact(input.min_lock),
    maxPerUser: input.max_per_user === undefined ? undefined : exact(input.max_per_user),
    totalCap: input.total_cap === undefined ? undefined : exact(input.total_cap),
    feeRate: input.fee_rate === undefined ? undefined : exact(input.fee_rate),
    saleStartsAt: input.sale_starts_at === undefined ? undefined : new Date(input.sale_starts_at),
    saleEndsAt: input.sale_ends_at === undefined ? undefined : new Date(input.sale_ends_at),
    dividendAt: input.dividend_at === undefined ? undefined : new Date(input.dividend_at),
    releaseDays: input.release_days,
    status: input.status,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** The product as it would be: refuses terms that do not fit together (the table's checks, as a clear refusal). */
function checkedTerms(merged: repo.NewProduct): repo.NewProduct {
  const unlockAt = new Date(merged.dividendAt.getTime() + merged.cycleDays! * DAY_MS);
  const fits =
    merged.saleEndsAt > merged.saleStartsAt &&
    merged.dividendAt >= merged.saleEndsAt &&
    toUnits(merged.maxPerUser) >= toUnits(merged.minLock) &&
    toUnits(merged.totalCap) >= toUnits(merged.minLock) &&
    toUnits(merged.totalCap) >= toUnits(merged.lockedTotal ?? '0') &&
    toUnits(merged.feeRate ?? '0') < UNIT;
  if (!fits) throw new DomainError('PRODUCT_TERMS_INVALID');
  return { ...merged, unlockAt };
}

async function audit(
  tx: Executor,
  operatorId: number,
  action: 'create' | 'edit' | 'status',
  before: repo.ProductRow | null,
  after: repo.ProductRow,
  now: Date,
) {
  await recordEvent(tx as Transaction, {
    type: 'pledge.product_changed',
    user_id: operatorId,
    product_id: after.id,
    action,
    before: before ? productView(before, now) : null,
    after: productView(after, now),
  });
}

export async function createProduct(db: Database, operatorId: number, input: ProductInput, now = clock.now()) {
  const values = checkedTerms({ ...(productColumns(input) as repo.NewProduct), createdBy: operatorId });
  return db.transaction(async (tx) => {
    const row = await repo.insertProduct(tx, values);
    await audit(tx, operatorId, 'create', null, row, now);
    return productView(row, now);
  });
}

/** Edits apply to later locks only: a position keeps the terms it was locked with. */
export async function editProduct(
  db: Database,
  operatorId: number,
  productId: number,
  input: ProductInput,
  action: 'edit' | 'status' = 'edit',
  now = clock.now(),
) {
  return db.transaction(async (tx) => {
    const before = await repo.findProduct(tx, productId, true);
    if (!before) throw new DomainError('NOT_FOUND');
    if (before.status === 'closed') throw new DomainError('PLEDGE_CLOSED');
    const { id: _id, createdAt: _createdAt, ...current } = before;
    const values = checkedTerms({ ...current, ...productColumns(input) });
    const after = await repo.updateProduct(tx, productId, values);
    await audit(tx, operatorId, action, before, after!, now);
    return productView(after!, now);
  });
}

export async function listProductsForOperators(db: Database, now = clock.now()) {
  const rows = await repo.listProducts(db, ['active', 'paused', 'closed']);
  return { list: rows.map((row) => productView(row, now)) };
}

export async function outstanding(db: Database) {
  const { interest, principal } = await repo.outstanding(db);
  return {
    interest: interest.map((r) => ({ asset: r.asset as AssetKey, amount: r.amount })),
    principal: principal.map((r) => ({ asset: r.asset as AssetKey, amount: r.amount })),
    positions: principal.reduce((n, r) => n + r.positions, 0),
  };
}
