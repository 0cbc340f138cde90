/**
 * The platform's hot wallet: signs ERC-20 payouts locally (the key never leaves the process) and hands
 * them to the configured RPC. Sends are queued one at a time in this process, so two payouts never pick
 * the same nonce. `sendTokenTransfer` answers once the node has accepted the transaction (its hash); it
 * does not wait for the block. Gas is estimated first, so a transfer the token would refuse (not enough
 * tokens) or a wallet without BNB for gas fails before anything is broadcast.
 */
import { createWalletClient, erc20Abi, type Address, type Hash, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { bscChain, chainTransport } from './chain-client.js';

export interface HotWallet {
  address: Address;
  sendTokenTransfer(token: Address, to: Address, wei: bigint): Promise<Hash>;
}

export function createHotWallet(rpcUrl: string, privateKey: Hex): HotWallet {
  const account = privateKeyToAccount(privateKey);
  const client = createWalletClient({ account, chain: bscChain(rpcUrl), transport: chainTransport(rpcUrl) });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    address: account.address,
    sendTokenTransfer(token, to, wei) {
      const sent = queue.then(() => client.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, wei] }));
      queue = sent.catch(() => undefined);
      return sent;
    },
  };
}
