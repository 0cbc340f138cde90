/**
 * User-to-user transfers (decision 041): by wallet address or uid, guarded by the transaction password with the
 * withdrawal's lock-out (decision 013), and the recipient preview the confirmation sheet shows first.
 */
import { getAddress } from 'viem';
import { applyRate, toUnits, transferApi, type AssetKey, type RecipientView } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { recentMemosOfKind } from '../ledger/ledger.service.js';
import { hashGuess, StaleGuess } from '../security/security.service.js';
import { TransferWriter, type TransferAnswer } from './transfer-writer.js';
import { findPublicUser, maskAddress, publicUsersByAccounts } from '../users/users.service.js';

/** How many recent recipients the form offers. */
export const RECENT_RECIPIENTS = 5;

export interface TransferInput {
  /** The recipient's wallet address or uid, as typed. */
  to: string;
  amount: string;
  asset: AssetKey;
  password: string;
}

interface PublicUser {
  id: number;
  account: string;
  nickname: string;
  avatar: string | null;
}

function view(user: PublicUser): RecipientView {
  return { uid: user.id, nickname: user.nickname, address: maskAddress(getAddress(user.account)), avatar: user.avatar };
}

/** The recipient a text names, or a refusal: RECIPIENT_INVALID (malformed), RECIPIENT_NOT_FOUND, SELF_TRANSFER. */
async function resolveRecipient(db: Executor, senderId: number, to: string): Promise<PublicUser> {
  const parsed = transferApi.parseRecipient(to);
  if (parsed === null) throw new DomainError('RECIPIENT_INVALID');
  const user = await findPublicUser(db, parsed.kind === 'uid' ? { id: parsed.uid } : { account: parsed.address });
  if (user === undefined) throw new DomainError('RECIPIENT_NOT_FOUND');
  if (user.id === senderId) throw new DomainError('SELF_TRANSFER');
  return user;
}

/** GET /api/transfer/recipient: who the sender is about to pay (the route applies the per-user lookup limit). */
export async function previewRecipient(db: Database, senderId: number, to: string): Promise<RecipientView> {
  return view(await resolveRecipient(db, senderId, to));
}

/** The people the sender last paid, newest first, from the memos of the sender's own transfer lines. */
export async function recentRecipients(db: Database, senderId: number): Promise<{ list: RecipientView[] }> {
  const accounts = await recentMemosOfKind(db, senderId, 'transfer_out', RECENT_RECIPIENTS);
  const users = new Map((await publicUsersByAccounts(db, accounts)).map((u) => [u.account, u]));
  const list = accounts.flatMap((account) => {
    const user = users.get(account);
    return user && user.id !== senderId ? [view(user)] : [];
  });
  return { list };
}

const writers = new WeakMap<Database, TransferWriter>();

/**
 * Moves `amount` of an asset from the sender to the user named by `to`. The sender also pays the configured fee
 * (amount × TRANSFER_FEE_RATE) to the fee account; the recipient gets `amount`. The transfer commits with the others
 * waiting at the same moment (transfer-writer.ts, decision 125).
 */
export async function transfer(
  db: Database,
  config: Config,
  sender: { id: number; account: string },
  input: TransferInput,
  idempotencyKey: string | undefined,
): Promise<TransferAnswer> {
  const amount = toUnits(input.amount);
  const fee = applyRate(amount, config.transferFeeRate);
  // A malformed recipient is refused before the password is tried: a typo must not cost an attempt.
  const recipient = transferApi.parseRecipient(input.to);
  if (recipient === null) throw new DomainError('RECIPIENT_INVALID');
  // The password stays out of the digest; the recipient is digested in its one spelling.
  const request = ['transfer', { to: recipient, amount: input.amount, asset: input.asset }];
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new TransferWriter(db)));
  for (;;) {
    // Hashed here, before any row lock; counted in the group's transaction on every call, a replay included (the
    // key alone must not stand in for the password, decision 013).
    const guess = await hashGuess(db, config.payPassword.pepper, sender.id, input.password);
    try {
      return await writer.submit({ input: { sender, recipient, asset: input.asset, amount, fee, guess }, key: idempotencyKey, request });
    } catch (error) {
      // The stored hash changed in between (a new password, an older kind replaced): hash against the new one.
      if (!(error instanceof StaleGuess)) throw error;
    }
  }
}
