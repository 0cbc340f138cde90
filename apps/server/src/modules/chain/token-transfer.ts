/**
 * Checks that a transaction is an ERC-20 transfer of one token from one wallet to one address, as the
 * chain reports it. No database: the deposits module decides what a result means for a user.
 *
 * The receipt's `Transfer` logs are the truth, not the transaction's calldata: they are what the token
 * contract actually recorded (a reverted transaction has none). Several matching logs in one transaction
 * are summed.
 */
import { TransactionReceiptNotFoundError, erc20Abi, parseEventLogs, type Address, type Hash } from 'viem';
import { findTransaction, type ChainClient } from './chain-client.js';

/** Both BEP-20 tokens (USDT on BSC and the platform coin) have 18 decimals; the ledger keeps 8. */
export const TOKEN_DECIMALS = 18;
const WEI_PER_UNIT = 10n ** BigInt(TOKEN_DECIMALS - 8);

/** Token base units → ledger units (10⁻⁸), truncated: a deposit never credits more than arrived. */
export function weiToUnits(wei: bigint): bigint {
  return wei / WEI_PER_UNIT;
}

/** Ledger units (10⁻⁸) → token base units, exact. */
export function unitsToWei(units: bigint): bigint {
  return units * WEI_PER_UNIT;
}

export type TransferRefusal = 'not_found' | 'reverted' | 'wrong_token' | 'wrong_recipient' | 'wrong_sender';

export type TransferVerification =
  /** Mined, and the logs show the expected transfer; `confirmations` counts the transaction's own block. */
  | { outcome: 'mined'; amountWei: bigint; blockNumber: bigint; confirmations: number }
  /** Known to the node but not in a block yet: only the sender and the called contract could be checked. */
  | { outcome: 'unmined' }
  | { outcome: 'refused'; reason: TransferRefusal };

export interface ExpectedTransfer {
  txHash: Hash;
  /** The token contract. */
  token: Address;
  from: Address;
  to: Address;
}

const same = (a: string | null | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

export async function verifyTokenTransfer(client: ChainClient, expected: ExpectedTransfer): Promise<TransferVerification> {
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: expected.txHash });
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    return verifyUnmined(client, expected);
  }
  if (receipt.status !== 'success') return { outcome: 'refused', reason: 'reverted' };

  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).filter((log) => same(log.address, expected.token));
  if (transfers.length === 0) return { outcome: 'refused', reason: 'wrong_token' };
  const toUs = transfers.filter((log) => same(log.args.to, expected.to));
  if (toUs.length === 0) return { outcome: 'refused', reason: 'wrong_recipient' };
  const fromUser = toUs.filter((log) => same(log.args.from, expected.from));
  if (fromUser.length === 0) return { outcome: 'refused', reason: 'wrong_sender' };

  // The cached block number would undercount confirmations between polls.
  const latest = await client.getBlockNumber({ cacheTime: 0 });
  const confirmations = latest >= receipt.blockNumber ? Number(latest - receipt.blockNumber) + 1 : 0;
  return {
    outcome: 'mined',
    amountWei: fromUser.reduce((sum, log) => sum + log.args.value, 0n),
    blockNumber: receipt.blockNumber,
    confirmations,
  };
}

async function verifyUnmined(client: ChainClient, expected: ExpectedTransfer): Promise<TransferVerification> {
  const transaction = await findTransaction(client, expected.txHash);
  if (!transaction) return { outcome: 'refused', reason: 'not_found' };
  // Mined between the two calls: the next check reads the receipt.
  if (transaction.blockNumber !== null) return { outcome: 'unmined' };
  if (!same(transaction.from, expected.from)) return { outcome: 'refused', reason: 'wrong_sender' };
  if (!transaction.to || !same(transaction.to, expected.token)) return { outcome: 'refused', reason: 'wrong_token' };
  return { outcome: 'unmined' };
}
