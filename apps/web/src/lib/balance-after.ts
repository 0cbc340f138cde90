import { fromUnits, toUnits } from '@reef/contract';

/**
 * What a balance holds once a spend has left it (the review sheet's "balance after"): exact, over the ledger's
 * 8-place units, never a JS number. Undefined while the balance is not known yet (the user info still loading);
 * a negative result is returned as it is, so the sheet can say the balance does not cover the spend.
 */
export function balanceAfter(balance: string | undefined, ...spent: readonly string[]): string | undefined {
  if (balance === undefined) return undefined;
  let units = toUnits(balance);
  for (const amount of spent) units -= toUnits(amount);
  return fromUnits(units);
}

/** True when a decimal string is below zero (a balance after that the balance does not cover). */
export function isNegativeAmount(value: string): boolean {
  return toUnits(value) < 0n;
}

/** `a` < `b`, exact (e.g. what a listing obtains against what the card cost). */
export function isBelow(a: string, b: string): boolean {
  return toUnits(a) < toUnits(b);
}

/**
 * One asset's balance from the user info's list: '0' when the list is in but holds no line for it (an account that
 * never held the asset), undefined while the list is still loading.
 */
export function balanceOf(balances: readonly { key: string; amount: string }[] | undefined, key: string): string | undefined {
  if (balances === undefined) return undefined;
  return balances.find((line) => line.key === key)?.amount ?? '0';
}

/** The review sheet's spends, one per asset paid: the amount, its symbol and the user's balance of it (decision 113). */
export function spendsOf(
  balances: readonly { key: string; amount: string }[] | undefined,
  symbols: Readonly<Record<string, string>>,
  paid: readonly (readonly [asset: string, amount: string])[],
): { symbol: string; amount: string; balance: string | undefined }[] {
  return paid.map(([asset, amount]) => ({ symbol: symbols[asset] ?? asset, amount, balance: balanceOf(balances, asset) }));
}
