/**
 * The shape every journal entry must have before it touches an account: at least two postings, none zero, and a zero
 * sum per asset. `postEntry`, `postEntriesWithBalances` and the entry batch all check it here; the deferred trigger
 * in the database refuses an unbalanced entry again at commit.
 */
import type { AssetKey } from '@reef/contract';
import type { EntryInput } from './ledger.service.js';

export function assertWellFormed(input: EntryInput): void {
  if (input.postings.length < 2) throw new Error('a journal entry needs at least two postings');
  const sums = new Map<AssetKey, bigint>();
  for (const p of input.postings) {
    if (p.amount === 0n) throw new Error('a posting cannot be zero');
    sums.set(p.account.asset, (sums.get(p.account.asset) ?? 0n) + p.amount);
  }
  for (const [asset, sum] of sums) if (sum !== 0n) throw new Error(`journal entry does not balance for ${asset}: ${sum}`);
}
