import * as z from 'zod/mini';
import { amountString, assetKey, endpoint, idParams, isoTime, positiveAmount, serialIdParam, serialIdParams } from '../common.js';
import { decimalString, getIndex } from './market-index.js';

export { decimalString, getIndex } from './market-index.js';

/** A decimal string that may be any precision (rates, prices, percentages), never a JS number. */
const rate = z.string().check(z.regex(/^(0(\.\d{1,8})?|1(\.0{1,8})?)$/));

export const lake = z.object({
  id: z.int(),
  base: assetKey,
  quote: assetKey,
  base_symbol: z.string(),
  quote_symbol: z.string(),
  reserve_base: amountString,
  reserve_quote: amountString,
  /** Quote per base, 8 places. */
  price: amountString,
  fee_rate: decimalString,
  burn_share: decimalString,
  open: z.boolean(),
  main: z.boolean(),
  volume_24h_quote: amountString,
  /** Percentage change of the price over 24 h, 2 places; null without a price 24 h ago. */
  change_24h: z.nullable(decimalString),
});
export type Lake = z.infer<typeof lake>;

export const swapRecord = z.object({
  id: z.int(),
  asset_in: assetKey,
  amount_in: amountString,
  asset_out: assetKey,
  amount_out: amountString,
  price: amountString,
  created_at: isoTime,
});

export const listLakes = endpoint('GET /api/lakes', 'none', { response: z.object({ list: z.array(lake) }) });

export const getLake = endpoint('GET /api/lake/:id', 'none', {
  params: serialIdParams,
  response: z.extend(lake, { swaps: z.array(swapRecord) }),
});

const pairParams = z.object({ from: assetKey, to: assetKey });

export const quoteExchange = endpoint('GET /api/finance/exchange/:from/:to', 'user', {
  params: pairParams,
  query: z.object({ amount: positiveAmount }),
  response: z.object({
    from: assetKey,
    to: assetKey,
    amount_in: amountString,
    amount_out: amountString,
    fee: amountString,
    burn: amountString,
    /** Percentage, 4 places. */
    price_impact: decimalString,
    /** amount_out less the default slippage tolerance (0.5 %). */
    min_received: amountString,
    /** `to` per `from` before this trade. */
    price: amountString,
  }),
});

export const exchange = endpoint('POST /api/finance/exchange/:from/:to', 'user', {
  params: pairParams,
  body: z.object({ amount: positiveAmount, min_out: positiveAmount }),
  response: z.object({
    entry_id: z.int(),
    amount_in: amountString,
    amount_out: amountString,
    fee: amountString,
    burn: amountString,
    price_after: amountString,
    balance_from: amountString,
    balance_to: amountString,
  }),
});

export const PRICE_RANGES = ['1d', '1w', '1m', 'all'] as const;

export const candle = z.object({
  /** Bucket start, unix seconds. */
  time: z.int(),
  open: amountString,
  high: amountString,
  low: amountString,
  close: amountString,
  /** Traded quote volume in the bucket. */
  volume: amountString,
});

export const listPrices = endpoint('GET /api/prices', 'none', {
  query: z.object({ range: z._default(z.enum(PRICE_RANGES), '1d'), lake: z.optional(serialIdParam) }),
  response: z.object({ lake_id: z.int(), range: z.enum(PRICE_RANGES), bucket_seconds: z.int(), candles: z.array(candle) }),
});

export const getPrice = endpoint('GET /api/prices/:id', 'none', {
  params: idParams,
  response: z.object({
    id: z.int(),
    lake_id: z.int(),
    price: amountString,
    kind: z.enum(['swap', 'sample']),
    volume_quote: amountString,
    created_at: isoTime,
  }),
});

/**
 * Home for a signed-in user (decision 077): GET /api/index's coin figures plus the caller's own coin and what it is
 * worth at the main lake's price (null until the main lake exists).
 */
export const getMyIndex = endpoint('POST /api/index', 'user', {
  response: z.object({
    coin: getIndex.response.shape.coin,
    mine: z.object({ coin: amountString, value_usdt: z.nullable(amountString) }),
  }),
});

/**
 * When the coin can change hands (decision 077): the server's business time and day, whether the exchange (the
 * main lake) is open — closed, a swap is refused with 'Exchange not yet open' — and each lake's state.
 */
export const getTransferDate = endpoint('POST /api/index/transferDate', 'none', {
  response: z.object({
    now: isoTime,
    /** The business day (UTC) the server is in: settlements and daily limits count by it. */
    day: z.string(),
    exchange_open: z.boolean(),
    lakes: z.array(z.object({ id: z.int(), base: assetKey, quote: assetKey, open: z.boolean() })),
  }),
});

export const adminCreateLake = endpoint('POST /api/admin/lakes', 'admin', {
  body: z.object({
    base: assetKey,
    quote: assetKey,
    reserve_base: positiveAmount,
    reserve_quote: positiveAmount,
    fee_rate: rate,
    burn_share: rate,
    main: z._default(z.boolean(), false),
  }),
  response: lake,
});

export const adminUpdateLake = endpoint('POST /api/admin/lakes/:id', 'admin', {
  params: serialIdParams,
  body: z.object({ open: z.optional(z.boolean()), fee_rate: z.optional(rate), burn_share: z.optional(rate) }),
  response: lake,
});
