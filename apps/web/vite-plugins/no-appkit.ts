/**
 * @walletconnect/ethereum-provider imports Reown AppKit (`@reown/appkit/core`) dynamically, for its QR modal only.
 * Reef passes `showQrModal: false` and draws its own QR code (decision 044), so that import never runs; without this
 * stand-in Vite would still build AppKit and its UI kit into several hundred KB of chunks nobody loads, each above
 * the lazy-chunk budget. Calling it anyway fails loudly instead of rendering a modal the CSP was not written for.
 */
export function createAppKit(): never {
  throw new Error('Reown AppKit is not bundled: Reef draws the WalletConnect QR code itself (showQrModal: false)');
}
