import { WALLET_DETECT_TIMEOUT_MS } from '@reef/contract';
import {
  activeProvider,
  decimalToWei,
  discoverWallets,
  ensureTargetChain,
  erc20TransferData,
  sameAccount,
  selectedAccount,
  sendTransaction,
  weiToQuantity,
  type Eip1193Provider,
} from '../../../../lib/wallet';

export class DepositWalletError extends Error {
  override name = 'DepositWalletError';
  constructor(readonly reason: 'noWallet' | 'wrongAccount') {
    super(reason);
  }
}

/** The wallet the user signed in with; when the start-up check has not recorded it yet, the only one found. */
export async function depositProvider(): Promise<Eip1193Provider> {
  const active = activeProvider();
  if (active !== null) return active;
  const discovery = await discoverWallets({ target: window, legacy: () => window.ethereum, timeoutMs: WALLET_DETECT_TIMEOUT_MS });
  if (discovery.kind === 'found' && discovery.wallets.length === 1) return discovery.wallets[0]!.provider;
  throw new DepositWalletError('noWallet');
}

export interface DepositTransfer {
  provider: Eip1193Provider;
  /** The signed-in account: the server credits only a transfer from it. */
  account: string;
  token: string;
  depositAddress: string;
  /** A validated decimal with at most 8 places. */
  amount: string;
}

/**
 * Has the wallet send the ERC-20 `transfer(depositAddress, amount × 10¹⁸)` on BSC and answers the
 * transaction hash. The calldata is built here by hand (no Ethereum library in the client).
 */
export async function sendDepositTransfer({ provider, account, token, depositAddress, amount }: DepositTransfer): Promise<string> {
  const selected = await selectedAccount(provider);
  if (selected !== null && !sameAccount(selected, account)) throw new DepositWalletError('wrongAccount');
  await ensureTargetChain(provider);
  return sendTransaction(provider, { from: account, to: token, data: erc20TransferData(depositAddress, decimalToWei(amount)) });
}

export interface BnbPayment {
  provider: Eip1193Provider;
  /** The signed-in account: the server credits only a payment from it. */
  account: string;
  depositAddress: string;
  /** A validated decimal of BNB with at most 8 places. */
  amount: string;
}

/**
 * Has the wallet send `amount` BNB (18 decimals) straight to the deposit address: a native transfer, no
 * calldata. Answers the transaction hash, which the RUSD charge then claims.
 */
export async function sendBnbPayment({ provider, account, depositAddress, amount }: BnbPayment): Promise<string> {
  const selected = await selectedAccount(provider);
  if (selected !== null && !sameAccount(selected, account)) throw new DepositWalletError('wrongAccount');
  await ensureTargetChain(provider);
  return sendTransaction(provider, { from: account, to: depositAddress, value: weiToQuantity(decimalToWei(amount)) });
}
