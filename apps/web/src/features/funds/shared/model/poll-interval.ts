/** While a transfer on chain is being confirmed, or a payout is being sent: seconds matter. */
export const FAST_POLL_MS = 3_000;
/** While a request waits for an operator: minutes to hours, so ask less often. */
export const REVIEW_POLL_MS = 30_000;

/**
 * How soon a list of the user's deposits or withdrawals should be asked again, from the statuses it holds:
 * soon while the server itself is moving one (confirmations, a payout being sent), slowly while one waits
 * for an operator, not at all when every row is settled.
 */
export function pollInterval(statuses: Iterable<string>, fast: readonly string[], slow: readonly string[]): number | false {
  const seen = new Set(statuses);
  if (fast.some((status) => seen.has(status))) return FAST_POLL_MS;
  if (slow.some((status) => seen.has(status))) return REVIEW_POLL_MS;
  return false;
}

/** Deposits: `pending` is being confirmed on chain, `review` waits for an operator. */
export function depositPollInterval(statuses: Iterable<string>): number | false {
  return pollInterval(statuses, ['pending'], ['review']);
}

/** Withdrawals: `paying` is being sent by the hot wallet, `pending` waits for an operator. */
export function withdrawalPollInterval(statuses: Iterable<string>): number | false {
  return pollInterval(statuses, ['paying'], ['pending']);
}
