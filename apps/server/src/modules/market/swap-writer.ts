/**
 * The swaps waiting for one lake commit together (decision 047), on the shared group writer
 * (`idempotency/group-writer.ts`, decision 061). Every swap on a lake queues on the lake's row lock, and that lock
 * is held until the commit's WAL flush (fsync): one at a time, a lake could not swap faster than one flush plus a
 * few round trips per swap. A lake is one lane: the swaps waiting for it go together, each in its own
 * subtransaction of `reef_market_swap_batch` with its own idempotency record, ledger entry and event, in one
 * transaction: one commit, one flush. An event the contract refuses fails the group: no swap of it happened.
 */
import type { BusinessEvent } from '@reef/contract';
import type { Database } from '../../db/client.js';
import { checkEvent } from '../events/events.service.js';
import { GroupWriter, type GroupOutcome, type GroupedRequest } from '../idempotency/group-writer.js';
import { swapBatch, type SwapStatementInput, type SwapStatementResult } from '../ledger/ledger.service.js';

/** The most swaps one transaction carries: the lake's lock is held while they run, so a group stays short. */
export const MAX_SWAPS_PER_COMMIT = 64;

export type SwapAnswer = Omit<SwapStatementResult, 'event'>;

export type SwapRequest = GroupedRequest<SwapStatementInput>;

export class SwapWriter extends GroupWriter<SwapStatementInput, SwapAnswer> {
  constructor(db: Database) {
    super(db, {
      maxPerCommit: MAX_SWAPS_PER_COMMIT,
      // A lake is one pair, either way round.
      laneOf: (input) => [input.from, input.to].sort().join('/'),
      userOf: (input) => input.userId,
      run: async (tx, inputs) =>
        (await swapBatch(tx, inputs)).map((outcome, i): GroupOutcome<SwapAnswer> => {
          if (!('ok' in outcome)) return { error: outcome.error };
          const { event, ...answer } = outcome.ok;
          // A payload the contract refuses fails the transaction: no swap of the group happened.
          checkEvent({ type: 'swap.executed', user_id: inputs[i]!.userId, ...event } as BusinessEvent);
          return { answer };
        }),
    });
  }
}
