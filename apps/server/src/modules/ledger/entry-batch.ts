/**
 * Many journal entries decided one by one, written together (decision 127). A caller that carries out a group of
 * requests in one transaction (the game bets) opens a batch over every account the group may touch: the accounts
 * are locked once, in account-id order (the order `postEntry` locks in, so no deadlock with it), and their
 * balances read. Each `post` then decides its entry in memory against the running balances: it is accepted, or
 * refused with INSUFFICIENT_BALANCE and changes nothing, exactly as `postEntry` would have decided it at that
 * point of the group, since nobody else can move a locked account meanwhile. `write` stores the accepted entries,
 * their postings and one balance update per account in a fixed number of statements, whatever the group's size.
 *
 * The database still has the last word: the CHECK against negative balances, the append-only triggers and the
 * deferred balanced-entry trigger run on what `write` stores, as for any entry.
 */
import { fromUnits, toUnits, type AssetKey } from '@reef/contract';
import type { Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import * as repo from './ledger.repository.js';
import { assertWellFormed } from './entry-shape.js';
import type { AccountRef, EntryInput } from './ledger.service.js';

type Line = Omit<repo.PostingRow, 'entryId'>;

export interface BatchPosted {
  /** Position of the entry among the accepted ones: `write` answers the entry ids in that order. */
  position: number;
  /** Balance after the entry, by "userId:asset" for user accounts. */
  userBalances: Map<string, string>;
}

type SystemRef = Extract<AccountRef, { system: unknown }>;

const refKey = (ref: AccountRef) => ('system' in ref ? `system:${ref.system}:${ref.asset}` : `${ref.userId}:${ref.asset}`);

export class EntryBatch {
  private readonly entries: { input: EntryInput; lines: Line[] }[] = [];

  private constructor(
    private readonly tx: Transaction,
    private readonly ids: Map<string, number>,
    private readonly accounts: Map<number, { start: bigint; balance: bigint; mayGoNegative: boolean }>,
  ) {}

  /**
   * Locks `refs` (every account the entries may post to) and reads their balances. A user ref without an account
   * refuses the batch with USER_NOT_FOUND, as `postEntry` does; a system account is created on first use.
   */
  static async open(tx: Transaction, refs: readonly AccountRef[], createSystemAccount: (ref: SystemRef) => Promise<number>) {
    const users = new Map<string, { userId: number; asset: AssetKey }>();
    const systems = new Map<string, SystemRef>();
    for (const ref of refs)
      if ('system' in ref) systems.set(refKey(ref), ref);
      else users.set(refKey(ref), ref);
    // One statement finds and locks them all; only a system account's first use takes more (its creation).
    let locked = await repo.lockAccountsOf(tx, [...users.values()], [...systems.values()]);
    const found = (rows: repo.LockedAccount[]) =>
      new Map(rows.map((a) => [a.userId !== null ? `${a.userId}:${a.asset}` : `system:${a.systemKey}:${a.asset}`, a]));
    let byKey = found(locked);
    const missing = [...systems].filter(([key]) => !byKey.has(key));
    if (missing.length) {
      for (const [, ref] of missing) await createSystemAccount(ref);
      locked = await repo.lockAccountsOf(tx, [...users.values()], [...systems.values()]);
      byKey = found(locked);
    }
    const ids = new Map<string, number>();
    for (const key of [...users.keys(), ...systems.keys()]) {
      const account = byKey.get(key);
      if (account === undefined) throw new DomainError('USER_NOT_FOUND');
      ids.set(key, account.id);
    }
    const accounts = new Map(locked.map((a) => [a.id, { start: toUnits(a.balance), balance: toUnits(a.balance), mayGoNegative: a.mayGoNegative }]));
    return new EntryBatch(tx, ids, accounts);
  }

  /** Decides one entry against the running balances: accepted (and counted), or refused with nothing changed. */
  post(input: EntryInput): BatchPosted {
    assertWellFormed(input);

    const resolved = input.postings
      .map((p, index) => {
        const accountId = this.ids.get(refKey(p.account));
        if (accountId === undefined) throw new Error(`account ${refKey(p.account)} was not opened in this batch`);
        return { ...p, index, accountId };
      })
      // postEntry applies lines in account-id order: a line is refused where it would have been refused there.
      .sort((a, b) => a.accountId - b.accountId || a.index - b.index);
    const running = new Map<number, bigint>();
    const lines: (Line & { index: number })[] = [];
    const userBalances = new Map<string, string>();
    for (const p of resolved) {
      const account = this.accounts.get(p.accountId)!;
      const after = (running.get(p.accountId) ?? account.balance) + p.amount;
      if (after < 0n && !account.mayGoNegative) throw new DomainError('INSUFFICIENT_BALANCE', { asset: p.account.asset });
      running.set(p.accountId, after);
      const userId = 'system' in p.account ? null : p.account.userId;
      if (userId !== null) userBalances.set(`${userId}:${p.account.asset}`, fromUnits(after));
      lines.push({
        index: p.index,
        accountId: p.accountId,
        userId,
        asset: p.account.asset,
        amount: fromUnits(p.amount),
        balanceAfter: fromUnits(after),
        kind: p.kind,
        memo: p.memo ?? input.memo ?? '',
      });
    }
    for (const [id, balance] of running) this.accounts.get(id)!.balance = balance;
    // The caller's order within the entry, as postEntry writes it (amount before fee).
    lines.sort((a, b) => a.index - b.index);
    this.entries.push({ input, lines: lines.map(({ index: _index, ...line }) => line) });
    return { position: this.entries.length - 1, userBalances };
  }

  /** Stores the accepted entries: their ids, in the order they were accepted. */
  async write(): Promise<number[]> {
    if (this.entries.length === 0) return [];
    const entryIds = await repo.insertEntries(
      this.tx,
      this.entries.map(({ input }) => ({ kind: input.kind, memo: input.memo ?? '', actorId: input.actorId })),
    );
    await repo.insertPostingRows(
      this.tx,
      this.entries.flatMap(({ lines }, e) => lines.map((line) => ({ ...line, entryId: entryIds[e]! }))),
    );
    await repo.addToAccounts(
      this.tx,
      [...this.accounts].filter(([, a]) => a.balance !== a.start).map(([id, a]) => ({ id, delta: fromUnits(a.balance - a.start) })),
    );
    return entryIds;
  }
}
