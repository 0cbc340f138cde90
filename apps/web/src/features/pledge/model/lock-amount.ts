import { fromUnits, toUnits, type pledgeApi } from '@reef/contract';

/**
 * The lock form's own checks (spec §5: between the minimum and the maximum position; within the product's
 * remaining cap; a sufficient balance), before anything is sent — the server checks the same under the product's
 * row lock and has the last word. Exact on the decimal strings' units, never a JS number.
 */
export type LockProblem =
  | { problem: 'invalid' }
  | { problem: 'belowMin'; min: string }
  | { problem: 'aboveMax'; max: string }
  | { problem: 'capReached'; remaining: string }
  | { problem: 'balance'; balance: string };

export type LockCheck = { amount: string; problem: null } | ({ amount: null } & LockProblem);

const AMOUNT_RE = /^(0|[1-9]\d{0,19})(\.\d{1,8})?$/;

type LockLimits = Pick<pledgeApi.PledgeProduct, 'min_lock' | 'max_per_user' | 'holding' | 'total_cap' | 'locked_total'>;

/** What the user may still lock: their maximum less what they hold, and what is left of the cap (never below 0). */
export function lockRoom(product: LockLimits): { mine: string; cap: string } {
  const mine = toUnits(product.max_per_user) - toUnits(product.holding);
  const cap = toUnits(product.total_cap) - toUnits(product.locked_total);
  return { mine: fromUnits(mine > 0n ? mine : 0n), cap: fromUnits(cap > 0n ? cap : 0n) };
}

/** The typed amount checked against the product and the balance (undefined while the balance loads: not checked). */
export function checkLockAmount(text: string, product: LockLimits, balance: string | undefined): LockCheck {
  const typed = text.trim();
  if (!AMOUNT_RE.test(typed) || toUnits(typed) === 0n) return { amount: null, problem: 'invalid' };
  const units = toUnits(typed);
  if (units < toUnits(product.min_lock)) return { amount: null, problem: 'belowMin', min: product.min_lock };
  const room = lockRoom(product);
  if (units > toUnits(room.mine)) return { amount: null, problem: 'aboveMax', max: room.mine };
  if (units > toUnits(room.cap)) return { amount: null, problem: 'capReached', remaining: room.cap };
  if (balance !== undefined && units > toUnits(balance)) return { amount: null, problem: 'balance', balance };
  return { amount: fromUnits(units), problem: null };
}
