/**
 * The ledger's SQL pieces another module's repository composes into its own statement, so a read or a set-based
 * settlement costs one round trip (decisions 064, 094). They are expressions, not calls: nothing here runs a
 * query, and a repository that uses them still changes money only through the ledger's own SQL function.
 * A service-level caller goes through `ledger.service.ts`; this file exists so a repository never has to.
 */
import * as repo from './ledger.repository.js';

export { creditBatchCall, type CreditBatchColumns } from './money-functions.repository.js';

/**
 * For a module that shows a user's balances beside its own row (the user card): a subquery to put in its
 * query, so the balances cost no round trip of their own. It yields [asset, balance text] pairs; read them
 * with `balancesFromJson` (ledger.service).
 */
export function userBalancesSubquery(userId: Parameters<typeof repo.userBalancesJson>[0]) {
  return repo.userBalancesJson(userId);
}

/**
 * A user's balance of an asset as a scalar subquery, for a read that needs it inside its own statement (a level's
 * holding threshold, decision 064): read only, and 0 for an asset the user has no account in.
 */
export function userBalanceSubquery(userId: Parameters<typeof repo.userBalanceOf>[0], asset: Parameters<typeof repo.userBalanceOf>[1]) {
  return repo.userBalanceOf(userId, asset);
}
