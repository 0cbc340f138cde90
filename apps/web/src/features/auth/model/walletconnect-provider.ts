import { CHAIN_ID } from '@reef/contract';
import { EthereumProvider } from '@walletconnect/ethereum-provider';
import type { Eip1193Provider } from '../../../lib/wallet';

/**
 * WalletConnect v2 through @walletconnect/ethereum-provider (decision 044). This module is the only importer of the
 * library, and only dynamic imports reach it — from the WalletConnect sheet once the user taps the option, and from
 * the controller to end or resume a session it recorded — so the library never loads with a page.
 */

export interface WalletConnectConfig {
  projectId: string;
  /** Null: WalletConnect's own relay. A test deployment points at its loopback relay. */
  relayUrl: string | null;
}

export interface WalletConnectSession {
  /** The EIP-1193 face the sign-in, the chain check and payments use, as for an injected wallet. */
  provider: Eip1193Provider;
  /** Ends the session on the relay, so the wallet drops it too. */
  disconnect(): Promise<void>;
}

type Provider = Awaited<ReturnType<typeof EthereumProvider.init>>;

let initialising: Promise<Provider> | null = null;
const faces = new WeakMap<Provider, WalletConnectSession>();

function init(config: WalletConnectConfig): Promise<Provider> {
  // One provider per page: each init starts its own relay client, and the library warns when a second one appears.
  initialising ??= EthereumProvider.init({
    projectId: config.projectId,
    chains: [CHAIN_ID],
    // The app draws its own QR code (an SVG path, so the CSP holds) and its own deep link; the modal would bring
    // Reown AppKit, which the build leaves out (vite.config.ts).
    showQrModal: false,
    // No usage events to pulse.walletconnect.org: the CSP allows only the relay and the Verify iframe.
    telemetryEnabled: false,
    ...(config.relayUrl === null ? {} : { relayUrl: config.relayUrl }),
    metadata: {
      name: 'Reef',
      description: 'Reef',
      url: window.location.origin,
      icons: [new URL('icons/icon-192.png', document.baseURI).href],
    },
  }).catch((error: unknown) => {
    initialising = null;
    throw error;
  });
  return initialising;
}

function face(provider: Provider): WalletConnectSession {
  let session = faces.get(provider);
  if (session === undefined) {
    const eip1193: Eip1193Provider = {
      request: (args) => provider.request(args as Parameters<Provider['request']>[0]),
      on: (event, listener) => provider.on(event as never, listener as never),
      removeListener: (event, listener) => provider.removeListener(event as never, listener as never),
    };
    session = { provider: eip1193, disconnect: () => provider.disconnect() };
    faces.set(provider, session);
  }
  return session;
}

class PairingAbandoned extends Error {
  override name = 'AbortError';
}

/**
 * Pairs with a wallet: `onUri` receives the `wc:` URI to show as a QR code and a deep link. A session the relay client
 * still holds (the wallet kept it after a forced logout) is reused without a new pairing. Aborting stops waiting;
 * a wallet that approves the abandoned proposal afterwards is disconnected at once.
 */
export async function connectWalletConnect(config: WalletConnectConfig, onUri: (uri: string) => void, signal: AbortSignal): Promise<WalletConnectSession> {
  const provider = await init(config);
  if (provider.session) return face(provider);
  if (signal.aborted) throw new PairingAbandoned('pairing abandoned');
  const onDisplayUri = (uri: string) => onUri(uri);
  provider.on('display_uri', onDisplayUri);
  const connecting = provider.connect();
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const abandon = () => {
        if (settled) return;
        reject(new PairingAbandoned('pairing abandoned'));
        void connecting.then(() => provider.disconnect()).catch(() => undefined);
      };
      signal.addEventListener('abort', abandon, { once: true });
      void connecting
        .then(
          () => {
            settled = true;
            resolve();
          },
          (error: unknown) => {
            settled = true;
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        )
        .finally(() => signal.removeEventListener('abort', abandon));
    });
  } finally {
    provider.removeListener('display_uri', onDisplayUri);
  }
  return face(provider);
}

/** The session a previous page load paired, if the relay client still has it (read from its IndexedDB store). */
export async function resumeWalletConnect(config: WalletConnectConfig): Promise<WalletConnectSession | null> {
  const provider = await init(config);
  return provider.session ? face(provider) : null;
}
