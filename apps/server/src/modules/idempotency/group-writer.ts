/**
 * Requests that queue on the same rows commit together (decisions 047 and 061). When every request of a lane
 * (a lake for swaps, a session for starter cards) locks the same row, and that lock is held until the commit's
 * WAL flush, one request per transaction cannot go faster than one flush plus a few round trips each. Here each
 * lane has a queue in this process: a request that finds its lane idle starts a transaction at once (alone: no
 * added wait); requests that arrive meanwhile wait for it and then go together in the next one. The caller's
 * `run` carries out the whole group in that transaction (a database function with one subtransaction per
 * request, so one refusal changes nothing and fails nothing else); each keyed request keeps its own
 * idempotency record. One commit, one flush, one connection per group.
 *
 * A request is answered only after its transaction committed. If the transaction itself fails (the connection,
 * the commit, or `run` throwing), every request of the group gets that failure and none happened. With several
 * server processes on one PostgreSQL each process groups its own requests; the row locks still order the groups.
 */
import type { Database, Transaction } from '../../db/client.js';
import { LaneQueue } from '../../core/lane-queue.js';
import { sqlStateOf } from '../../db/sql-state.js';
import { claimEach, releaseEach, storeEach, type Claim, type KeyRef } from './idempotency.service.js';

export type GroupOutcome<A> = { answer: A } | { error: unknown };
type Settled<A> = GroupOutcome<A> & { replayed?: true };

export interface GroupWriterOptions<I, A> {
  /** The most requests one transaction carries: the shared locks are held while they run, so a group stays short. */
  maxPerCommit: number;
  /** Requests of one lane commit one group at a time; lanes run side by side. */
  laneOf: (input: I) => string;
  userOf: (input: I) => number;
  /** Carries out the inputs in order inside the group's transaction: one outcome each. Throwing fails the group. */
  run: (tx: Transaction, inputs: I[]) => Promise<GroupOutcome<A>[]>;
  /**
   * Optional: a check every request of the group passes first, in the group's transaction and before any key is
   * claimed, so a replay passes it too (the transfer's password, decision 125). One refusal per input, or undefined
   * to let it through; a refused request is answered with its refusal and leaves no key, and what the check wrote
   * (a wrong password counted) commits with the group.
   */
  admit?: (tx: Transaction, inputs: I[]) => Promise<(unknown | undefined)[]>;
}

export interface GroupedRequest<I> {
  input: I;
  /** The client's Idempotency-Key (already checked) and what it stands for. */
  key: string | undefined;
  request: unknown;
}

/** An answer, and whether it was replayed from an earlier request with the same key rather than carried out now. */
export interface GroupAnswer<A> {
  answer: A;
  replayed: boolean;
}

interface Waiting<I, A> extends GroupedRequest<I> {
  resolve: (answer: GroupAnswer<A>) => void;
  reject: (error: unknown) => void;
  /** Times this request was a deadlock's victim and went back to the queue. */
  retries?: number;
}

/**
 * A group holds the locks of every request it ran until it commits (the shared rows and each user's accounts).
 * Two groups on different lanes (or processes) can therefore lock two of those rows in opposite orders, and
 * PostgreSQL breaks the cycle by failing one statement with a deadlock (40P01), or a serialization failure
 * (40001). The victim's subtransaction rolled back, so the request changed nothing and runs again.
 */
const RETRYABLE_STATES = new Set(['40P01', '40001']);
const MAX_RETRIES = 3;
const isRetryable = (error: unknown) => RETRYABLE_STATES.has(sqlStateOf(error) ?? '');

export class GroupWriter<I, A> extends LaneQueue<Waiting<I, A>> {
  constructor(
    private readonly db: Database,
    private readonly options: GroupWriterOptions<I, A>,
  ) {
    super();
  }

  /** Resolves with the request's answer once it is committed, or rejects with its refusal. */
  submit(request: GroupedRequest<I>): Promise<A> {
    return this.submitTracked(request).then((r) => r.answer);
  }

  /** As `submit`, telling a replayed answer from one carried out now. */
  submitTracked(request: GroupedRequest<I>): Promise<GroupAnswer<A>> {
    return new Promise<GroupAnswer<A>>((resolve, reject) => this.enqueue(this.options.laneOf(request.input), { ...request, resolve, reject }));
  }

  /** Requests the database chose as a deadlock's victim changed nothing: they go first in the next group. */
  protected carry(group: Waiting<I, A>[]): Promise<Waiting<I, A>[]> {
    return this.commit(group);
  }

  /** Commits one group and answers its requests; returns the ones to run again (a deadlock's victims). */
  private async commit(group: Waiting<I, A>[]): Promise<Waiting<I, A>[]> {
    const { userOf, run, admit } = this.options;
    let outcomes: Settled<A>[];
    try {
      outcomes = await this.db.transaction(async (tx) => {
        const refused = admit
          ? await admit(
              tx,
              group.map((item) => item.input),
            )
          : [];
        const keyed = group.flatMap((item, index) =>
          item.key === undefined || refused[index] !== undefined ? [] : [{ index, userId: userOf(item.input), key: item.key, request: item.request }],
        );
        const claims = new Map<number, Claim<A>>();
        if (keyed.length) (await claimEach<A>(tx, keyed)).forEach((claim, i) => claims.set(keyed[i]!.index, claim));
        const toRun = group.flatMap((_item, index) => (claims.get(index)?.run === false || refused[index] !== undefined ? [] : [index]));
        const ran = toRun.length
          ? await run(
              tx,
              toRun.map((index) => group[index]!.input),
            )
          : [];

        const results: Settled<A>[] = [];
        refused.forEach((error, index) => {
          if (error !== undefined) results[index] = { error };
        });
        for (const [index, claim] of claims)
          if (!claim.run) results[index] = 'replay' in claim ? { answer: claim.replay, replayed: true } : { error: claim.refusal };
        const stored: (KeyRef & { response: unknown })[] = [];
        const released: KeyRef[] = [];
        toRun.forEach((index, i) => {
          const outcome = ran[i]!;
          const item = group[index]!;
          results[index] = outcome;
          if (item.key === undefined) return;
          const ref = { userId: userOf(item.input), key: item.key };
          if ('answer' in outcome) stored.push({ ...ref, response: outcome.answer });
          else released.push(ref);
        });
        await storeEach(tx, stored);
        await releaseEach(tx, released);
        return results;
      });
    } catch (error) {
      // The whole transaction failed, so none of the group happened.
      const again: Waiting<I, A>[] = [];
      for (const item of group) {
        if (isRetryable(error) && retryable(item)) again.push(item);
        else item.reject(error);
      }
      return again;
    }
    // Committed: now, and only now, the answers go out.
    const again: Waiting<I, A>[] = [];
    outcomes.forEach((outcome, index) => {
      const item = group[index]!;
      if ('answer' in outcome) item.resolve({ answer: outcome.answer, replayed: outcome.replayed === true });
      else if (isRetryable(outcome.error) && retryable(item)) again.push(item);
      else item.reject(outcome.error);
    });
    return again;
  }

  /**
   * Takes up to maxPerCommit requests from the front of the queue, in arrival order. A second request with a key
   * already in the group waits for the next group: it then replays the first one's answer (or runs, if the first
   * was refused), as it would have arriving a moment later.
   */
  protected take(queue: Waiting<I, A>[]): Waiting<I, A>[] {
    const group: Waiting<I, A>[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < queue.length && group.length < this.options.maxPerCommit;) {
      const item = queue[i]!;
      const name = item.key === undefined ? undefined : `${this.options.userOf(item.input)}\u0000${item.key}`;
      if (name !== undefined && keys.has(name)) {
        i++;
        continue;
      }
      if (name !== undefined) keys.add(name);
      group.push(item);
      queue.splice(i, 1);
    }
    return group;
  }
}

/** Counts a retry; false once the request has had its share (then it is answered with the failure). */
function retryable(item: { retries?: number }): boolean {
  item.retries = (item.retries ?? 0) + 1;
  return item.retries <= MAX_RETRIES;
}
