/**
 * A real local EVM node for the deposit tests: Hardhat 2's JSON-RPC node (chain id 56, configured in
 * apps/server/test-chain/hardhat.config.cjs) in a child process, with OpenZeppelin's prebuilt
 * ERC20PresetMinterPauser deployed from its artifact (nothing is compiled). Hardhat mines a block per
 * transaction; tests mine more on demand to add confirmations.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  publicActions,
  type Abi,
  type Account,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { freePort } from './server-process.js';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const CONFIG_PATH = path.resolve(here, '../../test-chain/hardhat.config.cjs');
const HARDHAT_CLI = path.join(path.dirname(require.resolve('hardhat/package.json')), 'internal/cli/bootstrap.js');
const TOKEN_ARTIFACT = JSON.parse(fs.readFileSync(require.resolve('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json'), 'utf8')) as {
  abi: Abi;
  bytecode: Hex;
};
/** Hardhat's default accounts (10 000 ETH each) derive from this well-known test mnemonic. */
const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
const STARTUP_TIMEOUT_MS = 30_000;

export interface LocalChain {
  url: string;
  /** Hardhat account #0: deploys the tokens, holds their minter role, pays gas money to test wallets. */
  deployer: Account;
  /** Deploys an 18-decimal ERC-20 (ERC20PresetMinterPauser) and returns its address. */
  deployToken(name: string, symbol: string): Promise<Address>;
  /** Sends native coin for gas. */
  fundGas(to: Address, ether?: string): Promise<void>;
  mint(token: Address, to: Address, wei: bigint): Promise<void>;
  /**
   * Sends an ERC-20 transfer signed by `from`. With `gas` given nothing is estimated, so a transfer that
   * reverts is still sent (and mined as reverted).
   */
  transfer(from: Account, token: Address, to: Address, wei: bigint, options?: { gas?: bigint }): Promise<Hash>;
  balanceOf(token: Address, owner: Address): Promise<bigint>;
  mine(blocks?: number): Promise<void>;
  /** Off: transactions wait in the mempool until `mine`. */
  setAutomine(enabled: boolean): Promise<void>;
  stop(): Promise<void>;
}

async function waitForChainId(url: string, node: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (node.exitCode !== null) throw new Error(`hardhat node exited (${node.exitCode}): ${stderr()}`);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      const body = (await response.json()) as { result?: string };
      if (body.result === '0x38') return;
      throw new Error(`unexpected chain id ${body.result}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('unexpected chain id')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`hardhat node did not answer within ${STARTUP_TIMEOUT_MS} ms: ${stderr()}`);
}

/** The configuration that points the app at `chain`: its RPC, the deposit address and the two token contracts. */
export function chainConfig(chain: LocalChain, contracts: { depositAddress: Address; usdt: Address; coin: Address }): Record<string, string> {
  return { BSC_RPC_URL: chain.url, DEPOSIT_ADDRESS: contracts.depositAddress, USDT_CONTRACT: contracts.usdt, COIN_CONTRACT: contracts.coin };
}

export async function startLocalChain(): Promise<LocalChain> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // stdout is ignored: the node logs every request there, and an unread pipe would eventually block it.
  const node = spawn(process.execPath, [HARDHAT_CLI, 'node', '--hostname', '127.0.0.1', '--port', String(port), '--config', CONFIG_PATH], {
    cwd: path.dirname(CONFIG_PATH),
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  node.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => node.once('exit', () => resolve()));
  const stop = async () => {
    if (node.exitCode === null && node.signalCode === null) {
      node.kill('SIGTERM');
      await exited;
    }
  };

  try {
    await waitForChainId(url, node, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }

  const chain = defineChain({
    id: 56,
    name: 'Local BNB Smart Chain',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const transport = http(url);
  const deployer = mnemonicToAccount(HARDHAT_MNEMONIC);
  const testClient = createTestClient({ chain, transport, mode: 'hardhat' }).extend(publicActions);
  const walletOf = (account: Account) => createWalletClient({ account, chain, transport });
  const deployerWallet = walletOf(deployer);
  // Automining puts the transaction in a block before eth_sendRawTransaction answers, so the receipt is
  // there at once; viem's waitForTransactionReceipt would wait for its block-polling interval instead.
  const receiptOf = async (hash: Hash) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await testClient.getTransactionReceipt({ hash });
      } catch (error) {
        if (attempt >= 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const settle = async (hash: Hash) => {
    const receipt = await receiptOf(hash);
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  };

  return {
    url,
    deployer,
    async deployToken(name, symbol) {
      const hash = await deployerWallet.deployContract({ abi: TOKEN_ARTIFACT.abi, bytecode: TOKEN_ARTIFACT.bytecode, args: [name, symbol] });
      const receipt = await receiptOf(hash);
      if (!receipt.contractAddress) throw new Error(`deploying ${symbol} failed`);
      return receipt.contractAddress;
    },
    async fundGas(to, ether = '1') {
      await settle(await deployerWallet.sendTransaction({ to, value: parseEther(ether) }));
    },
    async mint(token, to, wei) {
      await settle(await deployerWallet.writeContract({ address: token, abi: TOKEN_ARTIFACT.abi, functionName: 'mint', args: [to, wei] }));
    },
    async transfer(from, token, to, wei, options = {}) {
      return walletOf(from).writeContract({ address: token, abi: TOKEN_ARTIFACT.abi, functionName: 'transfer', args: [to, wei], gas: options.gas });
    },
    async balanceOf(token, owner) {
      return (await testClient.readContract({ address: token, abi: TOKEN_ARTIFACT.abi, functionName: 'balanceOf', args: [owner] })) as bigint;
    },
    async mine(blocks = 1) {
      await testClient.mine({ blocks });
    },
    async setAutomine(enabled) {
      await testClient.setAutomine(enabled);
    },
    stop,
  };
}
