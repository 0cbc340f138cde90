import { describe, expect, it } from 'vitest';
import type { Eip1193Provider } from './eip1193';
import { discoverWallets } from './eip6963';

const provider = (): Eip1193Provider => ({ request: async () => null });

function info(name: string) {
  return { uuid: `${name}-uuid`, name, icon: 'data:image/svg+xml,<svg/>', rdns: `com.${name}` };
}

/** A page where the given wallets answer eip6963:requestProvider at once. */
function page(announcements: { info: ReturnType<typeof info>; provider: Eip1193Provider }[]): EventTarget {
  const target = new EventTarget();
  target.addEventListener('eip6963:requestProvider', () => {
    for (const detail of announcements) {
      target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze(detail) }));
    }
  });
  return target;
}

describe('discoverWallets', () => {
  it('lists announced wallets once each', async () => {
    const metamask = { info: info('metamask'), provider: provider() };
    const rabby = { info: info('rabby'), provider: provider() };
    const result = await discoverWallets({
      target: page([metamask, rabby, metamask]),
      legacy: () => undefined,
      timeoutMs: 1000,
      settleMs: 20,
    });
    expect(result.kind).toBe('found');
    if (result.kind === 'found') expect(result.wallets.map((w) => w.info?.name)).toEqual(['metamask', 'rabby']);
  });

  it('falls back to window.ethereum when nothing is announced', async () => {
    const injected = provider();
    const result = await discoverWallets({ target: page([]), legacy: () => injected, timeoutMs: 1000, settleMs: 20 });
    expect(result).toEqual({ kind: 'found', wallets: [{ info: null, provider: injected }] });
  });

  it('reports a conflict when window.ethereum carries several providers and nothing is announced', async () => {
    const injected = { ...provider(), providers: [provider(), provider()] };
    const result = await discoverWallets({ target: page([]), legacy: () => injected, timeoutMs: 1000, settleMs: 20 });
    expect(result).toEqual({ kind: 'conflict' });
  });

  it('prefers announcements over a conflicting window.ethereum', async () => {
    const injected = { ...provider(), providers: [provider(), provider()] };
    const result = await discoverWallets({
      target: page([{ info: info('metamask'), provider: provider() }]),
      legacy: () => injected,
      timeoutMs: 1000,
      settleMs: 20,
    });
    expect(result.kind).toBe('found');
  });

  it('gives up after the time-out when there is no wallet', async () => {
    const started = Date.now();
    const result = await discoverWallets({ target: page([]), legacy: () => undefined, timeoutMs: 120, settleMs: 20 });
    expect(result).toEqual({ kind: 'none' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('finds a wallet injected late, within the time-out', async () => {
    let injected: Eip1193Provider | undefined;
    setTimeout(() => (injected = provider()), 60);
    const result = await discoverWallets({ target: page([]), legacy: () => injected, timeoutMs: 1000, settleMs: 20 });
    expect(result.kind).toBe('found');
  });
});
