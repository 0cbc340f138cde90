/**
 * The platform's hot wallet: signs ERC-20 payouts locally (the key never leaves the process) and hands
 * them to the configured RPC. Sends are queued one at a time in this process, so two payouts never pick
 * the same nonce. `sendTokenTransfer` answers once the node has accepted the transaction (its hash); it
 * does not wait for the block. Gas is estimated first, so a transfer the token would refuse (not enough
 * tokens) or a wallet without BNB for gas fails before anything is broadcast.
 *
 * The transaction is signed before it is sent, so its hash is known up front. A failure is reported as one of
 * two kinds, because they call for opposite actions (decision 019): `PayoutNotSentError` — nothing left this
 * process, or the node refused it and does not know the hash — is safe to retry; `PayoutOutcomeUnknownError`
 * (the send may have reached the network) must never be retried blindly: an operator checks the hash.
 */
import {
  BaseError,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  publicActions,
  RpcRequestError,
  TransactionNotFoundError,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { bscChain, chainTransport } from './chain-client.js';

export interface HotWallet {
  address: Address;
  sendTokenTransfer(token: Address, to: Address, wei: bigint): Promise<Hash>;
}

/** Short, safe text for operators: viem's short message, never the RPC URL or request body its long form carries. */
function describe(error: unknown): string {
  const text = error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);
  return text.replace(/https?:\/\/\S+/g, '[rpc]').slice(0, 200);
}

/** Nothing was broadcast: the withdrawal may go back to the queue. */
export class PayoutNotSentError extends Error {
  constructor(cause: unknown) {
    super(describe(cause), { cause });
  }
}

/** The signed transaction may be on the network under `hash`: only an operator who checked the chain may decide. */
export class PayoutOutcomeUnknownError extends Error {
  constructor(
    readonly hash: Hash,
    cause: unknown,
  ) {
    super(describe(cause), { cause });
  }
}

export function createHotWallet(rpcUrl: string, privateKey: Hex): HotWallet {
  const account = privateKeyToAccount(privateKey);
  const client = createWalletClient({ account, chain: bscChain(rpcUrl), transport: chainTransport(rpcUrl) }).extend(publicActions);

  async function send(token: Address, to: Address, wei: bigint): Promise<Hash> {
    let serializedTransaction: Hex;
    try {
      const request = await client.prepareTransactionRequest({
        account,
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, wei] }),
      });
      serializedTransaction = await client.signTransaction(request);
    } catch (error) {
      throw new PayoutNotSentError(error);
    }
    const hash = keccak256(serializedTransaction);
    try {
      return await client.sendRawTransaction({ serializedTransaction });
    } catch (error) {
      // A time-out, or a retry answered "already known", can hide a transaction the node did take: ask it.
      let known: boolean;
      try {
        await client.getTransaction({ hash });
        known = true;
      } catch (lookup) {
        if (!(lookup instanceof TransactionNotFoundError)) throw new PayoutOutcomeUnknownError(hash, error);
        known = false;
      }
      if (known) return hash;
      const refusedByNode = error instanceof BaseError && error.walk((cause) => cause instanceof RpcRequestError) instanceof RpcRequestError;
      if (refusedByNode) throw new PayoutNotSentError(error);
      throw new PayoutOutcomeUnknownError(hash, error);
    }
  }

  let queue: Promise<unknown> = Promise.resolve();
  return {
    address: account.address,
    sendTokenTransfer(token, to, wei) {
      const sent = queue.then(() => send(token, to, wei));
      queue = sent.catch(() => undefined);
      return sent;
    },
  };
}
