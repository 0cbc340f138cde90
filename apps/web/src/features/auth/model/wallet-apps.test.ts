import { describe, expect, it } from 'vitest';
import { WALLET_APP_COUNT } from './wallet-apps-expected';
import { isMobileUserAgent, walletAppLinks } from './wallet-apps';

const PAGE = 'https://reef.example/index/?spread=7#/pages/property/exchange';

function linkOf(id: string): string {
  const link = walletAppLinks(PAGE).find((l) => l.id === id);
  if (!link) throw new Error(`no ${id} link`);
  return link.href;
}

describe('walletAppLinks', () => {
  it('lists the five wallets in a fixed order', () => {
    expect(walletAppLinks(PAGE).map((l) => l.id)).toEqual(['metamask', 'trust', 'okx', 'tokenpocket', 'binance']);
  });

  it("as many as the not-logged-in card's placeholder rows, so the list arrives without moving the page", () => {
    expect(walletAppLinks(PAGE)).toHaveLength(WALLET_APP_COUNT);
  });

  it('MetaMask: the page without its scheme after /dapp/, hash route kept', () => {
    expect(linkOf('metamask')).toBe('https://metamask.app.link/dapp/reef.example/index/?spread=7#/pages/property/exchange');
  });

  it('Trust Wallet: the whole page, encoded, on BNB Smart Chain', () => {
    const link = new URL(linkOf('trust'));
    expect(link.origin + link.pathname).toBe('https://link.trustwallet.com/open_url');
    expect(link.searchParams.get('coin_id')).toBe('20000714');
    expect(link.searchParams.get('url')).toBe(PAGE);
    expect(link.hash).toBe('');
  });

  it('OKX: the okx:// dApp link wrapped in the universal download link', () => {
    const link = new URL(linkOf('okx'));
    expect(link.origin + link.pathname).toBe('https://www.okx.com/download');
    const deep = new URL(link.searchParams.get('deeplink')!);
    expect(deep.protocol).toBe('okx:');
    expect(deep.searchParams.get('dappUrl')).toBe(PAGE);
  });

  it('TokenPocket: tpdapp://open with the page in a JSON params object', () => {
    const href = linkOf('tokenpocket');
    expect(href.startsWith('tpdapp://open?params=')).toBe(true);
    const params = JSON.parse(decodeURIComponent(href.slice('tpdapp://open?params='.length))) as { url: string };
    expect(params.url).toBe(PAGE);
  });

  it('Binance: the bnc:// browser mini-program with the page and chain 56, base64-wrapped', () => {
    const link = new URL(linkOf('binance'));
    expect(link.origin + link.pathname).toBe('https://app.binance.com/en/download');
    const bnc = atob(link.searchParams.get('_dp')!);
    expect(bnc.startsWith('bnc://app.binance.com/mp/app?appId=yFK5FCqYprrXDiVFbhyRx7&')).toBe(true);
    const query = new URLSearchParams(bnc.slice(bnc.indexOf('?') + 1));
    expect(atob(query.get('startPagePath')!)).toBe('/pages/browser/index');
    expect(atob(query.get('startPageQuery')!)).toBe(`url=${PAGE}&defaultChainId=56`);
  });

  it('never lets the page inject into another parameter', () => {
    const hostile = 'https://reef.example/index/#/pages/x?a=1&coin_id=1&url=https://evil.example';
    const trust = new URL(walletAppLinks(hostile).find((l) => l.id === 'trust')!.href);
    expect(trust.searchParams.getAll('coin_id')).toEqual(['20000714']);
    expect(trust.searchParams.get('url')).toBe(hostile);
  });
});

describe('isMobileUserAgent', () => {
  it('tells phones from desktops', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe(false);
    expect(isMobileUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe(false);
  });
});
