import { fromUnits, toUnits, type miningApi } from '@reef/contract';

/** The contract's bounds on one purchase (`buyMiner` body). */
export const MAX_QUANTITY_PER_ORDER = 1000;

/** How many units the caller may still buy of a product in one order: the contract's bound, or what its per-user limit leaves. */
export function maxQuantity(product: Pick<miningApi.MiningProduct, 'per_user_limit' | 'bought'>): number {
  if (product.per_user_limit === null) return MAX_QUANTITY_PER_ORDER;
  return Math.max(0, Math.min(MAX_QUANTITY_PER_ORDER, product.per_user_limit - product.bought));
}

/** The typed quantity: a whole number from 1 to `max`, or null (the form says why). */
export function parseQuantity(raw: string, max: number): number | null {
  const text = raw.trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= max ? quantity : null;
}

export interface OrderFigures {
  /** price × quantity, what the order debits. */
  cost: string;
  /** daily output × quantity and total output × quantity, what it yields. */
  daily: string;
  total: string;
  /** The balance left after paying; null when the balance does not cover the cost. */
  after: string | null;
}

/** Exact decimal arithmetic in the ledger's units: the figures the server will use (decision 057). */
export function orderFigures(
  product: Pick<miningApi.MiningProduct, 'price' | 'daily_output' | 'total_output'>,
  quantity: number,
  balance: string,
): OrderFigures {
  const q = BigInt(quantity);
  const cost = toUnits(product.price) * q;
  const left = toUnits(balance) - cost;
  return {
    cost: fromUnits(cost),
    daily: fromUnits(toUnits(product.daily_output) * q),
    total: fromUnits(toUnits(product.total_output) * q),
    after: left >= 0n ? fromUnits(left) : null,
  };
}
