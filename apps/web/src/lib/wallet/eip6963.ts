import { isEip1193Provider, type Eip1193Provider } from './eip1193';

/** EIP-6963 provider info, as announced by the wallet. */
export interface WalletInfo {
  uuid: string;
  name: string;
  /** A data: URI image. */
  icon: string;
  /** Reverse-DNS id, e.g. io.metamask. */
  rdns: string;
}

export interface Wallet {
  /** Null for a provider found only on window.ethereum. */
  info: WalletInfo | null;
  provider: Eip1193Provider;
}

export type Discovery =
  | { kind: 'none' }
  /** No EIP-6963 announcement and window.ethereum.providers lists several wallets. */
  | { kind: 'conflict' }
  | { kind: 'found'; wallets: Wallet[] };

export interface DiscoverOptions {
  /** Where wallets listen and announce; window in the browser. */
  target: EventTarget;
  /** The legacy injected provider (window.ethereum), read when the wait ends. */
  legacy: () => unknown;
  /** Longest wait for a wallet to appear (WALLET_DETECT_TIMEOUT_MS). */
  timeoutMs: number;
  /** Once something is found, how long to wait for further announcements. */
  settleMs?: number;
}

const POLL_MS = 50;

function isWalletInfo(value: unknown): value is WalletInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return typeof info.uuid === 'string' && typeof info.name === 'string' && typeof info.rdns === 'string';
}

function legacyProviders(legacy: unknown): Eip1193Provider[] {
  if (!isEip1193Provider(legacy)) return [];
  const list = Array.isArray(legacy.providers) ? legacy.providers.filter(isEip1193Provider) : [];
  return list.length > 0 ? [...new Set(list)] : [legacy];
}

/**
 * Finds the browser wallets: EIP-6963 announcements first, window.ethereum as the fallback.
 * Wallets usually answer the request at once, so the wait ends shortly after the first find
 * instead of always lasting the whole time-out.
 */
export function discoverWallets({ target, legacy, timeoutMs, settleMs = 250 }: DiscoverOptions): Promise<Discovery> {
  return new Promise((resolve) => {
    const announced: Wallet[] = [];
    const startedAt = Date.now();
    let firstFoundAt: number | undefined;

    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail as { info?: unknown; provider?: unknown } | undefined;
      if (!detail || !isWalletInfo(detail.info) || !isEip1193Provider(detail.provider)) return;
      const { info, provider } = detail;
      // The same wallet may announce twice (re-injection, several frames): keep one entry per wallet.
      if (announced.some((w) => w.provider === provider || w.info?.rdns === info.rdns || w.info?.uuid === info.uuid)) return;
      announced.push({ info: { uuid: info.uuid, name: info.name, icon: info.icon, rdns: info.rdns }, provider });
      firstFoundAt ??= Date.now();
    };

    const finish = () => {
      target.removeEventListener('eip6963:announceProvider', onAnnounce);
      if (announced.length > 0) return resolve({ kind: 'found', wallets: announced });
      const injected = legacyProviders(legacy());
      if (injected.length > 1) return resolve({ kind: 'conflict' });
      if (injected.length === 1) return resolve({ kind: 'found', wallets: [{ info: null, provider: injected[0]! }] });
      resolve({ kind: 'none' });
    };

    const check = () => {
      const now = Date.now();
      if (firstFoundAt === undefined && isEip1193Provider(legacy())) firstFoundAt = now;
      if (now - startedAt >= timeoutMs || (firstFoundAt !== undefined && now - firstFoundAt >= settleMs)) {
        finish();
        return;
      }
      setTimeout(check, POLL_MS);
    };

    target.addEventListener('eip6963:announceProvider', onAnnounce);
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    check();
  });
}
