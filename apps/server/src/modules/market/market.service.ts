/**
 * Lakes (liquidity pools), flash exchange against them, and the price series.
 *
 * A swap is one database statement, `reef_market_swap` (migration 0012, decision 034): it locks its lake's
 * row, reads the reserves from the lake's ledger accounts, prices the trade exactly as pool-math does (quotes
 * still use pool-math; the race test replays every swap with it), and posts one journal entry through the
 * ledger's `reef_ledger_post`: the user's input into the pool (less the burn), the burn to the `burned`
 * account, the output from the pool to the user. Concurrent swaps on one lake queue on the row lock, so every
 * trade prices against the reserves the previous one left. The swaps waiting for one lake in this process
 * commit together, one subtransaction each, so a lake pays one commit (and one WAL flush) per group of swaps,
 * not per swap (swap-writer.ts, decision 047).
 */
import { fromUnits, toUnits, type AssetKey } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { checkKey } from '../idempotency/idempotency.service.js';
import { balancesOf, postEntry, systemBalancesUnits, type SystemAccountKey } from '../ledger/ledger.service.js';
import { formatPercent4, minReceived, poolPrice, quoteSwap } from './pool-math.js';
import * as repo from './market.repository.js';
import { checkLakeCoolingOff } from '../policy/policy.service.js';
import { SwapWriter, type SwapAnswer } from './swap-writer.js';
import * as clock from '../../core/clock.js';

const DAY_MS = 86_400_000;
const RECENT_SWAPS = 20;
const lakeKey = (id: number): SystemAccountKey => `lake:${id}`;

/** Burning applies to fees paid in the platform coin; fees in other assets stay in the pool. */
const BURNABLE: ReadonlySet<string> = new Set(['coin']);

async function reservesOf(db: Executor, lakes: repo.LakeRow[]) {
  const balances = await systemBalancesUnits(
    db,
    lakes.map((l) => lakeKey(l.id)),
  );
  return new Map(
    lakes.map((l) => {
      const held = balances.get(lakeKey(l.id));
      return [l.id, { base: held?.get(l.baseAsset) ?? 0n, quote: held?.get(l.quoteAsset) ?? 0n }];
    }),
  );
}

function percentChange(now: bigint, before: bigint | undefined): string | null {
  if (!before || before === 0n) return null;
  const bp = ((now - before) * 1_000_000n) / before; // percent × 10⁴
  const negative = bp < 0n;
  const abs = negative ? -bp : bp;
  const text = `${abs / 10_000n}.${((abs % 10_000n) / 100n).toString().padStart(2, '0')}`;
  return negative && text !== '0.00' ? `-${text}` : text;
}

/** Views of lakes: three queries whatever their number (reserves, 24 h volume, price 24 h ago). */
export async function lakeViews(db: Executor, lakes: repo.LakeRow[], symbols: Record<AssetKey, string>, now = clock.now()) {
  const ids = lakes.map((l) => l.id);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [reserves, volumes, pricesBefore] = [await reservesOf(db, lakes), await repo.volumesSince(db, ids, dayAgo), await repo.pricesAt(db, ids, dayAgo)];
  return lakes.map((l) => {
    const r = reserves.get(l.id)!;
    const price = poolPrice(r.base, r.quote);
    const before = pricesBefore.get(l.id);
    return {
      id: l.id,
      base: l.baseAsset as AssetKey,
      quote: l.quoteAsset as AssetKey,
      base_symbol: symbols[l.baseAsset as AssetKey],
      quote_symbol: symbols[l.quoteAsset as AssetKey],
      reserve_base: fromUnits(r.base),
      reserve_quote: fromUnits(r.quote),
      price: fromUnits(price),
      fee_rate: l.feeRate,
      burn_share: l.burnShare,
      open: l.open,
      main: l.main,
      volume_24h_quote: fromUnits(toUnits(volumes.get(l.id) ?? '0')),
      change_24h: percentChange(price, before === undefined ? undefined : toUnits(before)),
    };
  });
}

export async function listLakes(db: Database, symbols: Record<AssetKey, string>) {
  return { list: await lakeViews(db, await repo.listLakes(db), symbols) };
}

export async function getLake(db: Database, id: number, symbols: Record<AssetKey, string>) {
  const lake = await repo.findLake(db, id);
  if (!lake) throw new DomainError('NOT_FOUND');
  const [[view], swaps] = [await lakeViews(db, [lake], symbols), await repo.recentSwaps(db, id, RECENT_SWAPS)];
  return {
    ...view!,
    swaps: swaps.map((s) => ({
      id: s.id,
      asset_in: s.assetIn as AssetKey,
      amount_in: s.amountIn,
      asset_out: s.assetOut as AssetKey,
      amount_out: s.amountOut,
      price: s.priceAfter,
      created_at: s.createdAt.toISOString(),
    })),
  };
}

function orient(lake: repo.LakeRow, reserves: { base: bigint; quote: bigint }, from: AssetKey) {
  return from === lake.baseAsset ? { reserveIn: reserves.base, reserveOut: reserves.quote } : { reserveIn: reserves.quote, reserveOut: reserves.base };
}

async function tradableLake(db: Executor, from: AssetKey, to: AssetKey, lock: boolean) {
  if (from === to) throw new DomainError('PAIR_NOT_FOUND');
  const lake = await repo.findLakeByPair(db, from, to, lock);
  if (!lake) throw new DomainError('PAIR_NOT_FOUND');
  if (!lake.open) throw new DomainError('EXCHANGE_CLOSED');
  return lake;
}

function priceTrade(lake: repo.LakeRow, reserves: { base: bigint; quote: bigint }, from: AssetKey, amount: bigint) {
  const q = quoteSwap(amount, orient(lake, reserves, from), lake.feeRate, BURNABLE.has(from) ? lake.burnShare : '0');
  if (q.amountOut <= 0n) throw new DomainError('AMOUNT_TOO_SMALL');
  return q;
}

export async function quote(db: Database, from: AssetKey, to: AssetKey, amount: string) {
  const lake = await tradableLake(db, from, to, false);
  const reserves = (await reservesOf(db, [lake])).get(lake.id)!;
  const q = priceTrade(lake, reserves, from, toUnits(amount));
  return {
    from,
    to,
    amount_in: fromUnits(q.amountIn),
    amount_out: fromUnits(q.amountOut),
    fee: fromUnits(q.fee),
    burn: fromUnits(q.burn),
    price_impact: formatPercent4(q.priceImpactBp4),
    min_received: fromUnits(minReceived(q.amountOut)),
    price: fromUnits(q.priceBefore),
  };
}

/**
 * Whoever opened the lake (or asked for it) may not trade in it while its cooling-off period runs (decision 092).
 * Only console staff open lakes, so the exchange route asks this for them alone: an ordinary swap keeps its path to
 * the swap writer free of extra round trips (swaps that arrive together are committed as one group, decision 047).
 */
export async function checkCreatorCoolingOff(db: Database, userId: number, from: AssetKey, to: AssetKey): Promise<void> {
  const lake = await repo.findLakeByPair(db, from, to);
  if (lake) await checkLakeCoolingOff(db, userId, lake);
}

export interface SwapInput {
  from: AssetKey;
  to: AssetKey;
  amount: string;
  minOut: string;
}

/** This process's swap writer for each database (one per app; tests build several). */
const writers = new WeakMap<Database, SwapWriter>();

export async function swap(db: Database, userId: number, input: SwapInput, idempotencyKey: string | undefined): Promise<SwapAnswer> {
  // Validated by the contract; parsed here too so a malformed amount never reaches SQL.
  toUnits(input.amount);
  toUnits(input.minOut);
  if (idempotencyKey !== undefined) checkKey(idempotencyKey);
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new SwapWriter(db)));
  // Lock, price (as pool-math prices), post the ledger entry, record the swap, its price point and its event:
  // one statement per swap (decision 034), committed together with the other swaps waiting for the same lake
  // (decision 047).
  return writer.submit({
    input: {
      userId,
      from: input.from,
      to: input.to,
      amount: input.amount,
      minOut: input.minOut,
      burnable: BURNABLE.has(input.from),
      now: clock.now(),
    },
    key: idempotencyKey,
    request: ['exchange', input],
  });
}

export interface CreateLakeInput {
  base: AssetKey;
  quote: AssetKey;
  reserve_base: string;
  reserve_quote: string;
  fee_rate: string;
  burn_share: string;
  main: boolean;
}

/** Operators open a lake and seed its reserves from the adjustment account, one audited entry. */
export async function createLake(db: Database, operatorId: number, input: CreateLakeInput, symbols: Record<AssetKey, string>) {
  if (input.base === input.quote) throw new DomainError('PARAMETER_ERROR');
  // The main lake prices the coin in USDT.
  if (input.main && (input.base !== 'coin' || input.quote !== 'usdt')) throw new DomainError('PARAMETER_ERROR');
  const lake = await db.transaction(async (tx) => {
    if (await repo.findLakeByPair(tx, input.base, input.quote)) throw new DomainError('LAKE_EXISTS');
    if (input.main && (await repo.findMainLake(tx))) throw new DomainError('LAKE_EXISTS');
    const created = await repo.insertLake(tx, {
      baseAsset: input.base,
      quoteAsset: input.quote,
      feeRate: input.fee_rate,
      burnShare: input.burn_share,
      main: input.main,
      createdBy: operatorId,
    });
    if (!created) throw new DomainError('LAKE_EXISTS');
    const base = toUnits(input.reserve_base);
    const quoteUnits = toUnits(input.reserve_quote);
    await postEntry(tx, {
      kind: 'lake_seed',
      actorId: operatorId,
      memo: `lake ${created.id}`,
      postings: [
        { account: { system: 'adjustment', asset: input.base }, amount: -base, kind: 'lake_seed' },
        { account: { system: lakeKey(created.id), asset: input.base }, amount: base, kind: 'lake_seed' },
        { account: { system: 'adjustment', asset: input.quote }, amount: -quoteUnits, kind: 'lake_seed' },
        { account: { system: lakeKey(created.id), asset: input.quote }, amount: quoteUnits, kind: 'lake_seed' },
      ],
    });
    await repo.insertPricePoint(tx, created.id, fromUnits(poolPrice(base, quoteUnits)), 'sample');
    return created;
  });
  return (await lakeViews(db, [lake], symbols))[0]!;
}

export async function updateLake(
  db: Database,
  id: number,
  patch: { open?: boolean; fee_rate?: string; burn_share?: string },
  symbols: Record<AssetKey, string>,
) {
  const values = {
    ...(patch.open !== undefined ? { open: patch.open } : {}),
    ...(patch.fee_rate !== undefined ? { feeRate: patch.fee_rate } : {}),
    ...(patch.burn_share !== undefined ? { burnShare: patch.burn_share } : {}),
  };
  // Nothing to change: refused, not an UPDATE without a SET (which was a 500; the access matrix found it).
  if (Object.keys(values).length === 0) throw new DomainError('PARAMETER_ERROR');
  const updated = await repo.updateLake(db, id, values);
  if (!updated) throw new DomainError('NOT_FOUND');
  return (await lakeViews(db, [updated], symbols))[0]!;
}

/** The sampled points of the price series: one per open lake at its current price. */
export async function samplePrices(db: Database): Promise<void> {
  const lakes = (await repo.listLakes(db)).filter((l) => l.open);
  const reserves = await reservesOf(db, lakes);
  for (const lake of lakes) {
    const r = reserves.get(lake.id)!;
    if (r.base > 0n) await repo.insertPricePoint(db, lake.id, fromUnits(poolPrice(r.base, r.quote)), 'sample');
  }
}

const RANGES = {
  '1d': { spanMs: DAY_MS, bucketSeconds: 900 },
  '1w': { spanMs: 7 * DAY_MS, bucketSeconds: 7_200 },
  '1m': { spanMs: 30 * DAY_MS, bucketSeconds: 28_800 },
  all: { spanMs: null, bucketSeconds: 86_400 },
} as const;

export async function priceSeries(db: Database, range: keyof typeof RANGES, lakeId: number | undefined, now = clock.now()) {
  const lake = lakeId ? await repo.findLake(db, lakeId) : await repo.findMainLake(db);
  if (!lake) throw new DomainError('NOT_FOUND');
  const { spanMs, bucketSeconds } = RANGES[range];
  const since = spanMs === null ? new Date(0) : new Date(now.getTime() - spanMs);
  const rows = await repo.candles(db, lake.id, since, bucketSeconds);
  const fixed = (v: string) => fromUnits(toUnits(v));
  return {
    lake_id: lake.id,
    range,
    bucket_seconds: bucketSeconds,
    candles: rows.map((r) => ({ time: r.time, open: fixed(r.open), high: fixed(r.high), low: fixed(r.low), close: fixed(r.close), volume: fixed(r.volume) })),
  };
}

export async function pricePoint(db: Database, id: number) {
  const point = await repo.findPricePoint(db, id);
  if (!point) throw new DomainError('NOT_FOUND');
  return {
    id: point.id,
    lake_id: point.lakeId,
    price: point.price,
    kind: point.kind as 'swap' | 'sample',
    volume_quote: point.volumeQuote,
    created_at: point.createdAt.toISOString(),
  };
}

/** Home figures: coin price and change from the main lake, burned from the ledger, issuance from config. */
export async function coinStats(db: Database, config: Config) {
  const main = await repo.findMainLake(db);
  const [view] = main ? await lakeViews(db, [main], config.assetSymbols) : [undefined];
  const burned = (await systemBalancesUnits(db, ['burned'])).get('burned')?.get('coin') ?? 0n;
  const issuance = toUnits(config.coinTotalIssuance);
  return {
    coin: {
      symbol: config.assetSymbols.coin,
      price: view?.price ?? null,
      change_24h: view?.change_24h ?? null,
      total_issuance: fromUnits(issuance),
      burned: fromUnits(burned),
      circulating: fromUnits(issuance - burned),
    },
  };
}

const UNIT = 10n ** 8n;

/** POST /api/index (decision 077): the coin figures and the caller's coin, valued at the main lake's price. */
export async function myIndex(db: Database, config: Config, userId: number) {
  const stats = await coinStats(db, config);
  const balance = (await balancesOf(db, userId)).get('coin') ?? '0';
  const price = stats.coin.price;
  // Rounded down to the 8th place: a shown value never exceeds what a swap could return.
  const value = price === null ? null : fromUnits((toUnits(balance) * toUnits(price)) / UNIT);
  return { ...stats, mine: { coin: fromUnits(toUnits(balance)), value_usdt: value } };
}

/** POST /api/index/transferDate (decision 077): business time and whether the exchange is open. */
export async function transferDate(db: Database, now = clock.now()) {
  const lakes = await repo.listLakes(db);
  const main = lakes.find((lake) => lake.main);
  return {
    now: now.toISOString(),
    day: now.toISOString().slice(0, 10),
    exchange_open: main?.open ?? false,
    lakes: lakes.map((lake) => ({ id: lake.id, base: lake.baseAsset as AssetKey, quote: lake.quoteAsset as AssetKey, open: lake.open })),
  };
}
