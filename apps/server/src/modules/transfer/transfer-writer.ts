/**
 * Transfers waiting for the database commit together (decision 125), on the shared group writer
 * (`idempotency/group-writer.ts`). A transfer was three transactions (the password state read, the attempt counted
 * under the user's row lock, the transfer) and a dozen statements, each transfer its own commit and flush; every
 * transfer to one recipient queued on that recipient's balance row until the flush. Here the transfers waiting for
 * this process's one lane go in one transaction: the senders' password states locked and every guess counted (one
 * statement when all match), the recipients looked up once each, every entry posted set-based (`postEntries`), the
 * events in one insert, one commit.
 *
 * The password is still checked on every transfer, a replay included: the guess is hashed before (no lock held), and
 * counted here by `admit`, before any key is claimed. A refused transfer changes nothing but its counted attempt.
 * When one entry of the group cannot be posted (a balance short), the set-based posting is rolled back to its
 * savepoint and each entry is posted alone in its own, so the refusal is that transfer's only.
 */
import { fromUnits, type AssetKey, type BusinessEvent } from '@reef/contract';
import type { Database, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { recordEvents } from '../events/events.service.js';
import { GroupWriter, type GroupOutcome, type GroupedRequest } from '../idempotency/group-writer.js';
import { balanceKey, postEntriesWithBalances, type EntryInput, type PostedEntry, type PostingInput } from '../ledger/ledger.service.js';
import { countHashedGuesses, type HashedGuess } from '../security/security.service.js';
import { findPublicUser } from '../users/users.service.js';

/** The most transfers one transaction carries: the recipients' and the fee account's rows are locked meanwhile. */
export const MAX_TRANSFERS_PER_COMMIT = 64;

export interface TransferOrder {
  sender: { id: number; account: string };
  /** The recipient as the sender named it, parsed. */
  recipient: { kind: 'uid'; uid: number } | { kind: 'address'; address: string };
  asset: AssetKey;
  amount: bigint;
  fee: bigint;
  guess: HashedGuess;
}

export interface TransferAnswer {
  entry_id: number;
  asset: AssetKey;
  amount: string;
  fee: string;
  balance: string;
}

export type TransferRequest = GroupedRequest<TransferOrder>;

type Recipient = { id: number; account: string } | DomainError;

/** Each distinct recipient looked up once: RECIPIENT_NOT_FOUND when no user has that uid or address. */
async function recipientsOf(tx: Transaction, orders: readonly TransferOrder[]): Promise<Map<string, Recipient>> {
  const found = new Map<string, Recipient>();
  for (const { recipient } of orders) {
    const name = recipientName(recipient);
    if (found.has(name)) continue;
    const user = await findPublicUser(tx, recipient.kind === 'uid' ? { id: recipient.uid } : { account: recipient.address });
    found.set(name, user ?? new DomainError('RECIPIENT_NOT_FOUND'));
  }
  return found;
}

const recipientName = (recipient: TransferOrder['recipient']) => (recipient.kind === 'uid' ? `#${recipient.uid}` : recipient.address.toLowerCase());

function entryOf(order: TransferOrder, to: { id: number; account: string }): EntryInput {
  // The recipient's wallet (lower-case), whichever way they were named: recent recipients are read from it.
  const memo = to.account;
  const { sender, asset, amount, fee } = order;
  const postings: PostingInput[] = [
    { account: { userId: sender.id, asset }, amount: -amount, kind: 'transfer_out', memo },
    // The recipient's line names the sender's wallet the same way, so their fund log says from whom.
    { account: { userId: to.id, asset }, amount, kind: 'transfer_in', memo: sender.account.toLowerCase() },
  ];
  if (fee > 0n) {
    postings.push(
      { account: { userId: sender.id, asset }, amount: -fee, kind: 'transfer_fee', memo },
      { account: { system: 'fees', asset }, amount: fee, kind: 'transfer_fee', memo },
    );
  }
  return { kind: 'transfer', actorId: sender.id, postings };
}

/** All the entries in one set-based posting; when one is refused, each alone in its own savepoint. */
async function postAll(tx: Transaction, entries: EntryInput[]): Promise<(PostedEntry | DomainError)[]> {
  try {
    return await tx.transaction((savepoint) => postEntriesWithBalances(savepoint, entries));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  const posted: (PostedEntry | DomainError)[] = [];
  for (const entry of entries) {
    try {
      posted.push((await tx.transaction((savepoint) => postEntriesWithBalances(savepoint, [entry])))[0]!);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      posted.push(error);
    }
  }
  return posted;
}

async function runTransfers(tx: Transaction, orders: TransferOrder[]): Promise<GroupOutcome<TransferAnswer>[]> {
  const recipients = await recipientsOf(tx, orders);
  const outcomes: GroupOutcome<TransferAnswer>[] = [];
  const toPost: { index: number; entry: EntryInput; recipientId: number }[] = [];
  orders.forEach((order, index) => {
    const to = recipients.get(recipientName(order.recipient))!;
    if (to instanceof DomainError) outcomes[index] = { error: to };
    else if (to.id === order.sender.id) outcomes[index] = { error: new DomainError('SELF_TRANSFER') };
    else toPost.push({ index, entry: entryOf(order, to), recipientId: to.id });
  });
  const posted = await postAll(
    tx,
    toPost.map((p) => p.entry),
  );
  const events: BusinessEvent[] = [];
  toPost.forEach(({ index, recipientId }, i) => {
    const result = posted[i]!;
    if (result instanceof DomainError) {
      outcomes[index] = { error: result };
      return;
    }
    const { sender, asset, amount, fee } = orders[index]!;
    events.push({
      type: 'transfer.sent',
      user_id: sender.id,
      recipient_id: recipientId,
      asset,
      amount: fromUnits(amount),
      fee: fromUnits(fee),
      entry_id: result.entryId,
    });
    outcomes[index] = {
      answer: {
        entry_id: result.entryId,
        asset,
        amount: fromUnits(amount),
        fee: fromUnits(fee),
        balance: result.userBalances.get(balanceKey(sender.id, asset))!,
      },
    };
  });
  await recordEvents(tx, events);
  return outcomes;
}

export class TransferWriter extends GroupWriter<TransferOrder, TransferAnswer> {
  constructor(db: Database) {
    super(db, {
      maxPerCommit: MAX_TRANSFERS_PER_COMMIT,
      // One lane per process: the groups of a process never wait on each other's rows (a sender in one group may
      // be a recipient in another), and a group is a fixed number of statements however many it carries.
      laneOf: () => 'transfers',
      userOf: (order) => order.sender.id,
      admit: async (tx, orders) =>
        (
          await countHashedGuesses(
            tx,
            orders.map((order) => order.guess),
          )
        ).map((refusal) => refusal ?? undefined),
      run: runTransfers,
    });
  }
}
