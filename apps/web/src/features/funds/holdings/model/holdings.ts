import { fromUnits, toUnits, UNIT, type AssetKey } from '@reef/contract';

/** What valuing needs from a lake (GET /api/lakes): its pair and its price, quote per base. */
export interface PricedLake {
  base: AssetKey;
  quote: AssetKey;
  /** Quote per base, 8 places. */
  price: string;
  open: boolean;
  main: boolean;
}

export interface Holding {
  key: AssetKey;
  symbol: string;
  /** Exact balance, 8 places. */
  amount: string;
  /** USDT per unit of the asset; null when no lake prices it against USDT. */
  price: string | null;
  /** amount × price in USDT, truncated to 8 places; null when the asset has no price. */
  value: string | null;
}

export interface Holdings {
  list: Holding[];
  /** Sum of the values that are known, 8 places. */
  total: string;
  /** Assets held (non-zero) whose value is not in the total. */
  unpriced: AssetKey[];
}

/** The quote asset every value is expressed in. */
export const VALUE_ASSET: AssetKey = 'usdt';

/**
 * USDT per unit of each asset a lake prices against USDT. A lake `x/usdt` gives x's price directly;
 * a lake `usdt/x` gives its inverse (truncated). When several lakes price one asset, the main lake
 * wins, then an open one over a closed one: the price users see on Home is the main lake's.
 */
export function usdtPrices(lakes: readonly PricedLake[]): Partial<Record<AssetKey, string>> {
  const rank = (lake: PricedLake) => (lake.main ? 2 : 0) + (lake.open ? 1 : 0);
  const best = new Map<AssetKey, { price: bigint; rank: number }>();
  for (const lake of lakes) {
    let asset: AssetKey;
    let price: bigint;
    const lakePrice = toUnits(lake.price);
    if (lakePrice <= 0n) continue;
    if (lake.quote === VALUE_ASSET && lake.base !== VALUE_ASSET) {
      asset = lake.base;
      price = lakePrice;
    } else if (lake.base === VALUE_ASSET && lake.quote !== VALUE_ASSET) {
      asset = lake.quote;
      price = (UNIT * UNIT) / lakePrice;
    } else {
      continue;
    }
    const current = best.get(asset);
    if (current === undefined || rank(lake) > current.rank) best.set(asset, { price, rank: rank(lake) });
  }
  const prices: Partial<Record<AssetKey, string>> = { [VALUE_ASSET]: fromUnits(UNIT) };
  for (const [asset, { price }] of best) prices[asset] = fromUnits(price);
  return prices;
}

/** amount × price, both exact 8-place decimals, truncated to 8 places. */
export function valueOf(amount: string, price: string): string {
  return fromUnits((toUnits(amount) * toUnits(price)) / UNIT);
}

/**
 * Every balance with its USDT value at the lakes' current prices, in the order the balances come,
 * and the total of what can be valued. Points (trade, fuel, mineral, game) and RUSD have no lake
 * today, so they are listed without a value and named in `unpriced` when held.
 */
export function valueHoldings(balances: readonly { key: AssetKey; symbol: string; amount: string }[], lakes: readonly PricedLake[]): Holdings {
  const prices = usdtPrices(lakes);
  let total = 0n;
  const unpriced: AssetKey[] = [];
  const list = balances.map((balance): Holding => {
    const price = prices[balance.key] ?? null;
    const value = price === null ? null : valueOf(balance.amount, price);
    if (value !== null) total += toUnits(value);
    else if (toUnits(balance.amount) !== 0n) unpriced.push(balance.key);
    return { key: balance.key, symbol: balance.symbol, amount: balance.amount, price, value };
  });
  return { list, total: fromUnits(total), unpriced };
}
