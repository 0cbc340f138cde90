/**
 * The wallet sign-in both front ends share (the app's auth feature and the console): wallet protocol steps only, with
 * the nonce and login calls handed in, so neither reaches into the other (decision 107).
 */
import type * as z from 'zod/mini';
import { authApi, CHAIN_ID } from '@reef/contract';
import { ensureTargetChain, personalSign, requestAccount } from './chain';
import type { Eip1193Provider } from './eip1193';
import { buildSiweMessage, SIGN_IN_STATEMENT, utf8ToHex } from './siwe';

/** The login endpoint's body, as the contract takes it. */
export type LoginBody = z.input<typeof authApi.login.body>;

export interface SignInSteps {
  provider: Eip1193Provider;
  /** window.location: the message's domain and URI must be the page's own (the server checks). */
  location: { host: string; origin: string };
  spread: string | null;
  now: () => Date;
  getNonce: () => Promise<{ nonce: string }>;
  login: (body: LoginBody) => Promise<{ token: string }>;
}

export class NoAccountError extends Error {
  override name = 'NoAccountError';
}

/**
 * The wallet sign-in of spec §4: connect, make sure of chain 0x38, sign an EIP-4361 message with
 * the server's nonce, trade the signature for a token.
 */
export async function signInWithWallet(steps: SignInSteps): Promise<{ token: string; account: string }> {
  const { provider } = steps;
  const account = await requestAccount(provider);
  if (account === null) throw new NoAccountError('the wallet returned no account');
  await ensureTargetChain(provider);
  const { nonce } = await steps.getNonce();
  const msg = buildSiweMessage({
    domain: steps.location.host,
    address: account,
    statement: SIGN_IN_STATEMENT,
    uri: steps.location.origin,
    chainId: CHAIN_ID,
    nonce,
    issuedAt: steps.now(),
  });
  const sign = await personalSign(provider, utf8ToHex(msg), account);
  const { token } = await steps.login({ sign, account, msg, spread: steps.spread });
  return { token, account };
}
