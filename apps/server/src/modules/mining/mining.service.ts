/**
 * Mining machines (spec §1, §3, §4, §7, §8; decisions 056, 057). A purchase debits the price in one journal
 * entry and starts a miner; the settlement (`settleMining`, a periodic job) turns each started day into a
 * bubble; the owner collects a ripe bubble once, crediting the output from the `mining_output` system account.
 */
import { randomBytes } from 'node:crypto';
import { fromUnits, toUnits, type AssetKey, type Bubble, type Miner, type MiningProduct } from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { AuthUser } from '../../core/auth-user.js';
import type { Database, Executor } from '../../db/client.js';
import { recordEvent } from '../events/events.service.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { requireReferrerFor } from '../community/community.service.js';
import { balanceKey, postEntry } from '../ledger/ledger.service.js';
import * as repo from './mining.repository.js';

const DAY_MS = 86_400_000;
/** Miners per settlement statement (decision 056). */
export const MINING_SETTLEMENT_BATCH = 20_000;

const exact = (amount: string) => fromUnits(toUnits(amount));
const utcDayStart = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
/** price × multiple, cut to the ledger's 8 places. */
const totalOutputOf = (price: string, multiple: string, quantity: number) => fromUnits((toUnits(price) * toUnits(multiple) * BigInt(quantity)) / 10n ** 8n);

function productView(row: repo.ProductRow, bought = 0): MiningProduct {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    price: row.price,
    price_asset: row.priceAsset as AssetKey,
    period_days: row.periodDays,
    multiple: row.multiple,
    total_output: totalOutputOf(row.price, row.multiple, 1),
    daily_output: row.dailyOutput,
    output_asset: row.outputAsset as MiningProduct['output_asset'],
    per_user_limit: row.perUserLimit,
    one_at_a_time: row.oneAtATime,
    bubble_expiry_days: row.bubbleExpiryDays,
    status: row.status as MiningProduct['status'],
    bought,
  };
}

function minerView(row: repo.MinerWithFigures, now: Date): Miner {
  const finished = row.status === 'ended' && row.endsAt !== null && row.endsAt <= now;
  return {
    id: row.id,
    order_no: row.orderNo,
    product_id: row.productId,
    name: row.name,
    image: row.image,
    quantity: row.quantity,
    paid_asset: row.paidAsset as AssetKey,
    paid_amount: row.paidAmount,
    period_days: row.periodDays,
    daily_output: row.dailyOutput,
    total_output: row.totalOutput,
    output_asset: row.outputAsset as Miner['output_asset'],
    produced: row.produced,
    remaining: fromUnits(toUnits(row.totalOutput) - toUnits(row.produced)),
    income: row.income,
    today_income: row.todayIncome,
    state: row.status === 'paused' ? 'paused' : finished ? 'ended' : 'mining',
    release_state: !finished ? 'working' : row.waiting > 0 ? 'awaiting_release' : 'released',
    purchased_at: row.createdAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
  };
}

function bubbleView(row: repo.BubbleRow, now: Date): Bubble {
  return {
    id: row.id,
    miner_id: row.minerId,
    period: row.period,
    asset: row.asset as Bubble['asset'],
    amount: row.amount,
    ripe_at: row.ripeAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    collected_at: row.collectedAt?.toISOString() ?? null,
    state: row.collectedAt ? 'collected' : row.expiresAt <= now ? 'expired' : row.ripeAt <= now ? 'ripe' : 'growing',
  };
}

// ---- settlement -------------------------------------------------------------------------------------------

export interface SettlementHooks {
  /** Called inside each batch's transaction after its statement, before the commit (the crash test waits here). */
  insideBatch?: (batch: { miners: number; bubbles: number }) => Promise<void>;
}

/**
 * Produces every started day of every running miner up to `now`, a batch of miners per transaction, until
 * none is due (decision 056). Safe to run twice, concurrently, or again after a crash.
 */
export async function settleMining(db: Database, now = clock.now(), hooks: SettlementHooks = {}, batch = MINING_SETTLEMENT_BATCH) {
  let miners = 0;
  let bubbles = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const result = await repo.settleMiners(tx, now, { batch });
      if (result.miners > 0) await hooks.insideBatch?.(result);
      return result;
    });
    miners += done.miners;
    bubbles += done.bubbles;
    if (done.miners === 0) return { miners, bubbles };
  }
}

// ---- users ------------------------------------------------------------------------------------------------

export async function listProducts(db: Database, userId: number) {
  const [rows, bought] = await Promise.all([repo.listProducts(db, ['on_sale', 'paused']), repo.boughtBy(db, userId)]);
  return { list: rows.map((row) => productView(row, bought.get(row.id) ?? 0)) };
}

function orderNumber(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `M${stamp}${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`;
}

export async function buy(
  db: Database,
  user: AuthUser,
  productId: number,
  input: { quantity: number; asset: AssetKey },
  idempotencyKey: string | undefined,
  now = clock.now(),
) {
  return runIdempotent(db, { userId: user.id, key: idempotencyKey, request: ['mining_buy', productId, input] }, async (tx) => {
    await requireReferrerFor(tx, user.id, 'miner');
    const product = await repo.findProduct(tx, productId);
    if (!product) throw new DomainError('NOT_FOUND');
    if (product.status !== 'on_sale') throw new DomainError('MINING_NOT_ON_SALE');
    if (input.asset !== product.priceAsset) throw new DomainError('MINING_PAYMENT_ASSET', { asset: product.priceAsset });
    // Counted under the (product, user) row lock: concurrent purchases of one user wait here.
    if (!(await repo.takeUnits(tx, product.id, user.id, input.quantity, product.perUserLimit))) {
      throw new DomainError('MINING_LIMIT_REACHED', { limit: product.perUserLimit });
    }
    if (product.oneAtATime && (await repo.hasRunningMiner(tx, user.id, product.id, now))) throw new DomainError('MINER_IN_USE');
    const asset = product.priceAsset as AssetKey;
    const price = toUnits(product.price) * BigInt(input.quantity);
    const orderNo = orderNumber(now);
    const posted = await postEntry(tx, {
      kind: 'mining_purchase',
      memo: `miner ${orderNo}`,
      actorId: user.id,
      postings: [
        { account: { userId: user.id, asset }, amount: -price, kind: 'mining_purchase' },
        { account: { system: 'mining_sales', asset }, amount: price, kind: 'mining_purchase' },
      ],
    });
    const miner = await repo.insertMiner(tx, {
      orderNo,
      userId: user.id,
      productId: product.id,
      quantity: input.quantity,
      paidAsset: asset,
      paidAmount: fromUnits(price),
      periodDays: product.periodDays,
      dailyOutput: fromUnits(toUnits(product.dailyOutput) * BigInt(input.quantity)),
      totalOutput: totalOutputOf(product.price, product.multiple, input.quantity),
      outputAsset: product.outputAsset,
      bubbleExpiryDays: product.bubbleExpiryDays,
      startedAt: now,
      nextPeriodAt: now,
      entryId: posted.entryId,
      createdAt: now,
    });
    // Day 1 starts now: its bubble grows from the purchase on.
    await repo.settleMiners(tx, now, { batch: 1, minerId: miner.id });
    await recordEvent(tx, {
      type: 'mining.purchased',
      user_id: user.id,
      entry_id: posted.entryId,
      miner_id: miner.id,
      product_id: product.id,
      order_no: orderNo,
      quantity: input.quantity,
      asset,
      amount: fromUnits(price),
    });
    const view = await repo.findMiner(tx, miner.id, now, utcDayStart(now));
    return { miner: minerView(view!, now), entry_id: posted.entryId, balance: posted.userBalances.get(balanceKey(user.id, asset))! };
  });
}

export async function myMiners(db: Database, userId: number, page: number, limit: number, now = clock.now()) {
  const dayStart = utcDayStart(now);
  const [miners, income] = await Promise.all([repo.minersOf(db, userId, now, dayStart, limit, (page - 1) * limit), repo.incomeTotals(db, userId, dayStart)]);
  return {
    list: miners.list.map((row) => minerView(row, now)),
    page,
    limit,
    total: miners.total,
    running: miners.running,
    income: income.map((r) => ({ asset: r.asset as Miner['output_asset'], today: r.today, total: r.total })),
  };
}

async function ownMiner(db: Executor, userId: number, minerId: number, now: Date) {
  const row = await repo.findMiner(db, minerId, now, utcDayStart(now));
  // Someone else's miner is 'not found': its existence is not revealed.
  if (!row || row.userId !== userId) throw new DomainError('NOT_FOUND');
  return row;
}

export async function minerDetails(db: Database, userId: number, minerId: number, now = clock.now()) {
  const row = await ownMiner(db, userId, minerId, now);
  const bubbles = await repo.bubblesOfMiner(db, row.id);
  return {
    miner: minerView(row, now),
    releases: bubbles.map((b) => bubbleView(b, now)),
    purchase: {
      order_no: row.orderNo,
      entry_id: row.entryId,
      asset: row.paidAsset as AssetKey,
      amount: row.paidAmount,
      quantity: row.quantity,
      created_at: row.createdAt.toISOString(),
      status: 'paid' as const,
    },
  };
}

export async function listBubbles(db: Database, userId: number, now = clock.now()) {
  const rows = await repo.openBubbles(db, userId, now);
  return { now: now.toISOString(), list: rows.map((row) => bubbleView(row, now)) };
}

/** Collects a ripe bubble once: the row lock orders concurrent taps, and only the first finds it uncollected. */
export async function collect(db: Database, user: AuthUser, bubbleId: number, idempotencyKey: string | undefined, now = clock.now()) {
  return runIdempotent(db, { userId: user.id, key: idempotencyKey, request: ['mining_bubble', bubbleId] }, async (tx) => {
    const bubble = await repo.lockBubble(tx, bubbleId);
    if (!bubble || bubble.userId !== user.id) throw new DomainError('NOT_FOUND');
    if (bubble.collectedAt) throw new DomainError('BUBBLE_COLLECTED');
    if (bubble.ripeAt > now) throw new DomainError('BUBBLE_NOT_RIPE', { ripe_at: bubble.ripeAt.toISOString() });
    if (bubble.expiresAt <= now) throw new DomainError('BUBBLE_EXPIRED');
    const asset = bubble.asset as AssetKey;
    const amount = toUnits(bubble.amount);
    const miner = await repo.lockMiner(tx, bubble.minerId);
    const posted = await postEntry(tx, {
      kind: 'mining_output',
      memo: `miner ${miner!.orderNo} day ${bubble.period}`,
      actorId: user.id,
      postings: [
        { account: { system: 'mining_output', asset }, amount: -amount, kind: 'mining_output' },
        { account: { userId: user.id, asset }, amount, kind: 'mining_output' },
      ],
    });
    const collected = await repo.markCollected(tx, bubble.id, posted.entryId, now);
    if (!collected) throw new DomainError('BUBBLE_COLLECTED');
    await recordEvent(tx, {
      type: 'mining.bubble_collected',
      user_id: user.id,
      entry_id: posted.entryId,
      miner_id: bubble.minerId,
      bubble_id: bubble.id,
      period: bubble.period,
      asset,
      amount: bubble.amount,
    });
    return { bubble: bubbleView(collected, now), entry_id: posted.entryId, balance: posted.userBalances.get(balanceKey(user.id, asset))! };
  });
}

// ---- operators --------------------------------------------------------------------------------------------

export interface ProductInput {
  name?: string | undefined;
  image?: string | undefined;
  price?: string | undefined;
  price_asset?: AssetKey | undefined;
  period_days?: number | undefined;
  multiple?: string | undefined;
  daily_output?: string | undefined;
  output_asset?: MiningProduct['output_asset'] | undefined;
  per_user_limit?: number | null | undefined;
  one_at_a_time?: boolean | undefined;
  bubble_expiry_days?: number | undefined;
  status?: MiningProduct['status'] | undefined;
}

function productColumns(input: ProductInput): repo.ProductColumns {
  const columns: Record<string, unknown> = {
    name: input.name,
    image: input.image,
    price: input.price === undefined ? undefined : exact(input.price),
    priceAsset: input.price_asset,
    periodDays: input.period_days,
    multiple: input.multiple === undefined ? undefined : exact(input.multiple),
    dailyOutput: input.daily_output === undefined ? undefined : exact(input.daily_output),
    outputAsset: input.output_asset,
    perUserLimit: input.per_user_limit,
    oneAtATime: input.one_at_a_time,
    bubbleExpiryDays: input.bubble_expiry_days,
    status: input.status,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

async function audit(tx: Executor, operatorId: number, action: 'create' | 'edit' | 'status', before: repo.ProductRow | null, after: repo.ProductRow) {
  await recordEvent(tx as Parameters<typeof recordEvent>[0], {
    type: 'mining.product_changed',
    user_id: operatorId,
    product_id: after.id,
    action,
    before: before ? productView(before) : null,
    after: productView(after),
  });
}

export async function createProduct(db: Database, operatorId: number, input: ProductInput & Required<Pick<ProductInput, 'name' | 'price'>>) {
  return db.transaction(async (tx) => {
    const row = await repo.insertProduct(tx, { ...(productColumns(input) as repo.NewProduct), createdBy: operatorId });
    await audit(tx, operatorId, 'create', null, row);
    return productView(row);
  });
}

/** Edits apply to later purchases only: a running miner keeps the terms it was bought with. */
export async function editProduct(db: Database, operatorId: number, productId: number, input: ProductInput, action: 'edit' | 'status' = 'edit') {
  return db.transaction(async (tx) => {
    const before = await repo.findProduct(tx, productId, true);
    if (!before) throw new DomainError('NOT_FOUND');
    // Closed is for good: a closed product is neither edited nor put back on sale.
    if (before.status === 'closed') throw new DomainError('MINING_NOT_ON_SALE');
    const after = await repo.updateProduct(tx, productId, productColumns(input));
    await audit(tx, operatorId, action, before, after!);
    return productView(after!);
  });
}

export async function listProductsForOperators(db: Database) {
  const rows = await repo.listProducts(db, ['on_sale', 'paused', 'closed']);
  return { list: rows.map((row) => productView(row)) };
}

/**
 * Pauses a user's miner (its days started so far are produced first; no day starts while paused) or
 * resumes it (its remaining days start later by the pause's length). Audited as `mining.miner_paused`.
 */
export async function setMinerPaused(db: Database, operatorId: number, minerId: number, paused: boolean, now = clock.now()) {
  return db.transaction(async (tx) => {
    const miner = await repo.lockMiner(tx, minerId);
    if (!miner) throw new DomainError('NOT_FOUND');
    if (paused && miner.status === 'mining') {
      await repo.settleMiners(tx, now, { batch: 1, minerId });
      await repo.pauseMiner(tx, minerId, now);
    } else if (!paused && miner.status === 'paused') {
      await repo.resumeMiner(tx, minerId, now);
      await repo.settleMiners(tx, now, { batch: 1, minerId });
    }
    await recordEvent(tx, { type: 'mining.miner_paused', user_id: operatorId, miner_id: minerId, owner_id: miner.userId, paused });
    const row = await repo.findMiner(tx, minerId, now, utcDayStart(now));
    return { miner: { ...minerView(row!, now), user_id: row!.userId } };
  });
}

export async function outstanding(db: Database, now = clock.now()) {
  const { future, waiting } = await repo.outstanding(db, now);
  const assets = [...new Set([...future.map((f) => f.asset), ...waiting.map((w) => w.asset)])].sort();
  return {
    list: assets.map((asset) => {
      const f = future.find((row) => row.asset === asset);
      return {
        asset: asset as Miner['output_asset'],
        future_output: f?.amount ?? '0.00000000',
        uncollected: waiting.find((row) => row.asset === asset)?.amount ?? '0.00000000',
        running_miners: f?.miners ?? 0,
      };
    }),
  };
}
