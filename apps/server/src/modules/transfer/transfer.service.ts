import { applyRate, fromUnits, toUnits, type AssetKey } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { recordEvent } from '../events/events.service.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { balanceKey, postEntry, type PostingInput } from '../ledger/ledger.service.js';
import { findUserIdByAddress } from '../users/users.service.js';

export interface TransferInput {
  address: string;
  amount: string;
  asset: AssetKey;
}

/**
 * Moves `amount` of an asset from the sender to the user of a wallet address. The sender also pays
 * the configured fee (amount × TRANSFER_FEE_RATE) to the fee account; the recipient gets `amount`.
 */
export async function transfer(db: Database, config: Config, senderId: number, input: TransferInput, idempotencyKey: string | undefined) {
  const amount = toUnits(input.amount);
  const fee = applyRate(amount, config.transferFeeRate);
  return runIdempotent(db, { userId: senderId, key: idempotencyKey, request: ['transfer', input] }, async (tx) => {
    const recipientId = await findUserIdByAddress(tx, input.address);
    if (recipientId === undefined) throw new DomainError('RECIPIENT_NOT_FOUND');
    if (recipientId === senderId) throw new DomainError('SELF_TRANSFER');
    const memo = `${input.address.toLowerCase()}`;
    const postings: PostingInput[] = [
      { account: { userId: senderId, asset: input.asset }, amount: -amount, kind: 'transfer_out', memo },
      { account: { userId: recipientId, asset: input.asset }, amount, kind: 'transfer_in', memo: '' },
    ];
    if (fee > 0n) {
      postings.push(
        { account: { userId: senderId, asset: input.asset }, amount: -fee, kind: 'transfer_fee', memo },
        { account: { system: 'fees', asset: input.asset }, amount: fee, kind: 'transfer_fee', memo },
      );
    }
    const posted = await postEntry(tx, { kind: 'transfer', actorId: senderId, postings });
    await recordEvent(tx, {
      type: 'transfer.sent',
      user_id: senderId,
      recipient_id: recipientId,
      asset: input.asset,
      amount: fromUnits(amount),
      fee: fromUnits(fee),
      entry_id: posted.entryId,
    });
    return {
      entry_id: posted.entryId,
      asset: input.asset,
      amount: fromUnits(amount),
      fee: fromUnits(fee),
      balance: posted.userBalances.get(balanceKey(senderId, input.asset))!,
    };
  });
}
