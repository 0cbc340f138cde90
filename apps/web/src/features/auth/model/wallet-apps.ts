/**
 * "Open in" links for a phone browser that has no injected wallet (decision 044): each reopens the page the user is on
 * inside a wallet app's dApp browser, where the wallet is injected and the usual sign-in runs. Formats are the
 * wallets' documented ones; a wallet whose format could not be checked is left out rather than guessed.
 */
export type WalletAppId = 'metamask' | 'trust' | 'okx' | 'tokenpocket' | 'binance';

export interface WalletAppLink {
  id: WalletAppId;
  /** Brand names are not translated. */
  name: string;
  href: string;
}

/** Trust Wallet's coin id for BNB Smart Chain: the dApp browser opens on that network. */
const TRUST_BSC_COIN_ID = 20000714;
/** The Binance app's mini-program that hosts its Web3 wallet's dApp browser (@binance/w3w-utils getDeepLink). */
const BINANCE_BROWSER_APP_ID = 'yFK5FCqYprrXDiVFbhyRx7';
const BSC_CHAIN_ID = 56;

/** Base64 of ASCII/UTF-8 text, as the Binance link wants its start page and query. */
function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/** The links for `pageUrl` (an absolute http(s) URL, hash route included), in the order the sheet lists them. */
export function walletAppLinks(pageUrl: string): WalletAppLink[] {
  const url = new URL(pageUrl);
  const encoded = encodeURIComponent(url.href);
  // MetaMask takes the page without its scheme, as a path of its own link; it opens https.
  const withoutScheme = url.href.slice(url.protocol.length + 2);
  const binance = `bnc://app.binance.com/mp/app?appId=${BINANCE_BROWSER_APP_ID}&startPagePath=${base64('/pages/browser/index')}&startPageQuery=${base64(`url=${url.href}&defaultChainId=${BSC_CHAIN_ID}`)}`;
  return [
    { id: 'metamask', name: 'MetaMask', href: `https://metamask.app.link/dapp/${withoutScheme}` },
    { id: 'trust', name: 'Trust Wallet', href: `https://link.trustwallet.com/open_url?coin_id=${TRUST_BSC_COIN_ID}&url=${encoded}` },
    // The universal link opens the app when it is installed and its download page otherwise.
    { id: 'okx', name: 'OKX Wallet', href: `https://www.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encoded}`)}` },
    // TokenPocket's documented "open url with the dApp browser" scheme (tpoutside:// is for its login/transfer actions).
    { id: 'tokenpocket', name: 'TokenPocket', href: `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url: url.href, source: url.host }))}` },
    // Binance's own fallback form: the app when installed (the `_dp` deep link), its download page otherwise.
    { id: 'binance', name: 'Binance Web3 Wallet', href: `https://app.binance.com/en/download?_dp=${base64(binance)}` },
  ];
}

export { isMobileUserAgent } from './mobile-user-agent';
