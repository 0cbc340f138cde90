/**
 * The swaps waiting for one lake commit together (decision 047). Every swap on a lake queues on the lake's row
 * lock, and that lock is held until the commit's WAL flush (fsync): one at a time, a lake could not swap faster
 * than one flush plus a few round trips per swap. Here each lake has a queue in this process: a swap that finds
 * its lake idle starts a transaction at once (alone: no added wait); swaps that arrive meanwhile wait for it
 * and then go together, each in its own subtransaction (one refusal changes nothing and fails nothing else),
 * with its own idempotency record, ledger entry and event, in one transaction: one commit, one flush.
 *
 * A swap is answered only after its transaction committed. If the transaction itself fails (the connection,
 * the commit, or an event the contract refuses), every swap of the group gets that failure and none happened.
 * With several server processes on one PostgreSQL, each process groups its own swaps; the lake's row lock
 * still orders the groups.
 */
import type { BusinessEvent } from '@reef/contract';
import type { Database } from '../../db/client.js';
import { sqlStateOf } from '../../db/sql-state.js';
import { checkEvent } from '../events/events.service.js';
import { claimEach, releaseEach, storeEach, type Claim, type KeyRef } from '../idempotency/idempotency.service.js';
import * as repo from './market.repository.js';

/** The most swaps one transaction carries: the lake's lock is held while they run, so a group stays short. */
export const MAX_SWAPS_PER_COMMIT = 64;

export type SwapAnswer = Omit<repo.SwapStatementResult, 'event'>;

export interface SwapRequest {
  input: repo.SwapStatementInput;
  /** The client's Idempotency-Key (already checked) and what it stands for. */
  key: string | undefined;
  request: unknown;
}

type Outcome = { answer: SwapAnswer } | { error: unknown };

interface Waiting extends SwapRequest {
  resolve: (answer: SwapAnswer) => void;
  reject: (error: unknown) => void;
  /** Times this swap was a deadlock's victim and went back to the queue. */
  retries?: number;
}

/**
 * A group holds the locks of every swap it ran until it commits: the lake, the `burned` account, each trader's
 * accounts. Two groups on different lakes (or processes) can therefore lock two of those rows in opposite
 * orders, and PostgreSQL breaks the cycle by failing one statement with a deadlock (40P01), or a serialization
 * failure (40001). The victim's subtransaction rolled back, so the swap changed nothing and runs again.
 */
const RETRYABLE_STATES = new Set(['40P01', '40001']);
const MAX_RETRIES = 3;
const isRetryable = (error: unknown) => RETRYABLE_STATES.has(sqlStateOf(error) ?? '');

/** Counts a retry; false once the swap has had its share (then it is answered with the failure). */
function retryable(swap: Waiting): boolean {
  swap.retries = (swap.retries ?? 0) + 1;
  return swap.retries <= MAX_RETRIES;
}

export class SwapWriter {
  private readonly queues = new Map<string, Waiting[]>();

  constructor(private readonly db: Database) {}

  /** Resolves with the swap's answer once it is committed, or rejects with its refusal. */
  submit(request: SwapRequest): Promise<SwapAnswer> {
    // A lake is one pair, either way round.
    const lane = [request.input.from, request.input.to].sort().join('/');
    return new Promise<SwapAnswer>((resolve, reject) => {
      const queue = this.queues.get(lane);
      if (queue) {
        queue.push({ ...request, resolve, reject });
        return;
      }
      this.queues.set(lane, [{ ...request, resolve, reject }]);
      void this.drain(lane);
    });
  }

  /** Commits the lane's queue group after group until it is empty; the lane is busy while its queue exists. */
  private async drain(lane: string): Promise<void> {
    const queue = this.queues.get(lane)!;
    while (queue.length) {
      const again = await this.commit(takeGroup(queue));
      // Swaps the database chose as a deadlock's victim changed nothing: they go first in the next group.
      queue.unshift(...again);
    }
    this.queues.delete(lane);
  }

  /** Commits one group and answers its swaps; returns the ones to run again (a deadlock's victims). */
  private async commit(group: Waiting[]): Promise<Waiting[]> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.transaction(async (tx) => {
        const keyed = group.flatMap((swap, index) =>
          swap.key === undefined ? [] : [{ index, userId: swap.input.userId, key: swap.key, request: swap.request }],
        );
        const claims = new Map<number, Claim<SwapAnswer>>();
        if (keyed.length) (await claimEach<SwapAnswer>(tx, keyed)).forEach((claim, i) => claims.set(keyed[i]!.index, claim));
        const toRun = group.flatMap((swap, index) => (claims.get(index)?.run === false ? [] : [index]));
        const ran = toRun.length
          ? await repo.swapBatch(
              tx,
              toRun.map((index) => group[index]!.input),
            )
          : [];

        const results: Outcome[] = [];
        for (const [index, claim] of claims) if (!claim.run) results[index] = 'replay' in claim ? { answer: claim.replay } : { error: claim.refusal };
        const stored: (KeyRef & { response: unknown })[] = [];
        const released: KeyRef[] = [];
        toRun.forEach((index, i) => {
          const outcome = ran[i]!;
          const swap = group[index]!;
          if ('ok' in outcome) {
            const { event, ...answer } = outcome.ok;
            // A payload the contract refuses fails the transaction: no swap of the group happened.
            checkEvent({ type: 'swap.executed', user_id: swap.input.userId, ...event } as BusinessEvent);
            results[index] = { answer };
            if (swap.key !== undefined) stored.push({ userId: swap.input.userId, key: swap.key, response: answer });
          } else {
            results[index] = { error: outcome.error };
            if (swap.key !== undefined) released.push({ userId: swap.input.userId, key: swap.key });
          }
        });
        await storeEach(tx, stored);
        await releaseEach(tx, released);
        return results;
      });
    } catch (error) {
      // The whole transaction failed, so none of the group happened.
      const again: Waiting[] = [];
      for (const swap of group) {
        if (isRetryable(error) && retryable(swap)) again.push(swap);
        else swap.reject(error);
      }
      return again;
    }
    // Committed: now, and only now, the answers go out.
    const again: Waiting[] = [];
    outcomes.forEach((outcome, index) => {
      const swap = group[index]!;
      if ('answer' in outcome) swap.resolve(outcome.answer);
      else if (isRetryable(outcome.error) && retryable(swap)) again.push(swap);
      else swap.reject(outcome.error);
    });
    return again;
  }
}

/**
 * Takes up to MAX_SWAPS_PER_COMMIT swaps from the front of the queue, in arrival order. A second request with a
 * key already in the group waits for the next group: it then replays the first one's answer (or runs, if the
 * first was refused), as it would have arriving a moment later.
 */
function takeGroup(queue: Waiting[]): Waiting[] {
  const group: Waiting[] = [];
  const keys = new Set<string>();
  for (let i = 0; i < queue.length && group.length < MAX_SWAPS_PER_COMMIT;) {
    const swap = queue[i]!;
    const name = swap.key === undefined ? undefined : `${swap.input.userId}\u0000${swap.key}`;
    if (name !== undefined && keys.has(name)) {
      i++;
      continue;
    }
    if (name !== undefined) keys.add(name);
    group.push(swap);
    queue.splice(i, 1);
  }
  return group;
}
