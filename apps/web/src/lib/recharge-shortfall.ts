import { AMOUNT_SCALE, DISPLAY_DECIMALS, fromUnits, toUnits, type AssetKey } from '@reef/contract';
import { pagePath } from './pages';

/**
 * How much more a spend needs than the balance holds, exact over the ledger's 8-place units (never a JS number).
 * Null when the balance covers it, while the balance is still loading, and while a cost is not a valid amount yet
 * (a stake half typed): the prompt only speaks when the shortfall is certain.
 */
export function amountShort(balance: string | undefined, ...costs: readonly string[]): string | null {
  if (balance === undefined) return null;
  let needed = 0n;
  try {
    for (const cost of costs) needed += toUnits(cost.trim());
    const short = needed - toUnits(balance);
    return short > 0n ? fromUnits(short) : null;
  } catch {
    return null;
  }
}

/**
 * A shortfall as the prompt shows it: rounded up to the displayed places, because the figure tells the user how much
 * to deposit, and a truncated one ("0.0000") would leave them short again.
 */
export function shortfallToShow(short: string, decimals: number = DISPLAY_DECIMALS): string {
  const step = 10n ** BigInt(AMOUNT_SCALE - decimals);
  const units = toUnits(short);
  return fromUnits(((units + step - 1n) / step) * step);
}

/** One way to top an asset up: the page and which of the asset's ways it is. */
export interface RechargeLink {
  way: 'recharge' | 'chargeUsdt' | 'chargeBnb';
  to: string;
}

/**
 * Where each asset is topped up (spec §8: 'Insufficient RUSD' offers the recharge, a short balance the top-up): USDT
 * and the coin on the on-chain recharge opened on that asset; RUSD on its charge, paid with USDT from the balance or
 * with BNB from the wallet. Points have no way in: the platform credits them, so the prompt only says so.
 */
export function rechargeLinks(asset: AssetKey): RechargeLink[] {
  if (asset === 'usdt' || asset === 'coin') {
    return [{ way: 'recharge', to: `${pagePath('property/recharge')}${asset === 'coin' ? '?asset=coin' : ''}` }];
  }
  if (asset === 'rusd') {
    return [
      { way: 'chargeUsdt', to: pagePath('property/single') },
      { way: 'chargeBnb', to: `${pagePath('property/single')}?pay=bnb` },
    ];
  }
  return [];
}
