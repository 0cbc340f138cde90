/**
 * Checks that a transaction is a plain native-coin (BNB) transfer from one wallet to one address, as the
 * chain reports it. No database. Only a direct transfer counts (the transaction's own `to` and `value`);
 * BNB forwarded by a contract call is not recognised.
 */
import { TransactionReceiptNotFoundError, type Address, type Hash } from 'viem';
import { findTransaction, type ChainClient } from './chain-client.js';

export type NativeTransferRefusal = 'not_found' | 'reverted' | 'wrong_recipient' | 'wrong_sender';

export type NativeTransferVerification =
  | { outcome: 'mined'; amountWei: bigint; blockNumber: bigint; confirmations: number }
  /** In the mempool: the value is already known, the block is not. */
  | { outcome: 'unmined'; amountWei: bigint }
  | { outcome: 'refused'; reason: NativeTransferRefusal };

const same = (a: string | null | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

export async function verifyNativeTransfer(client: ChainClient, expected: { txHash: Hash; from: Address; to: Address }): Promise<NativeTransferVerification> {
  const transaction = await findTransaction(client, expected.txHash);
  if (!transaction) return { outcome: 'refused', reason: 'not_found' };
  if (!transaction.to || !same(transaction.to, expected.to)) return { outcome: 'refused', reason: 'wrong_recipient' };
  if (!same(transaction.from, expected.from)) return { outcome: 'refused', reason: 'wrong_sender' };
  if (transaction.blockNumber === null) return { outcome: 'unmined', amountWei: transaction.value };

  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: expected.txHash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return { outcome: 'unmined', amountWei: transaction.value };
    throw error;
  }
  if (receipt.status !== 'success') return { outcome: 'refused', reason: 'reverted' };
  const latest = await client.getBlockNumber({ cacheTime: 0 });
  const confirmations = latest >= receipt.blockNumber ? Number(latest - receipt.blockNumber) + 1 : 0;
  return { outcome: 'mined', amountWei: transaction.value, blockNumber: receipt.blockNumber, confirmations };
}
