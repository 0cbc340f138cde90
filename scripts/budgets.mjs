// Delivery budgets shared by the browser test (e2e/tests/delivery.spec.ts) and the benchmark, so the
// figure a test enforces and the figure a report prints are the same number (issue 9 §1).

/**
 * The JavaScript of Home's first load as transferred (brotli), in KB of 1024 bytes: what the browser test
 * (e2e/tests/delivery.spec.ts) reads off the wire for the scripts requested before `load`, headers included, and what
 * the bundle test holds the bodies to. Decision 046 took it from 133.0 KB (bodies 124.7 KB) to 115.4 KB in the browser
 * with i18next as the engine (bodies 114.5 KB), so the target is the enforced limit. Decision 122 raised it to 121 KB:
 * Home's stable first screen (the total card's placeholder, an icon per shortcut, one retry of a failed part) took the
 * first load from 119.4 to 120.0 KB, and a layout shift of 0.7–0.8 on every signed-in open is worth more than 0.6 KB.
 */
export const HOME_JS_TRANSFER_BUDGET_KB = 121;
/** Any script the first load does not fetch (a route page, a feature, another catalogue), brotli, in KB. */
export const LAZY_CHUNK_BUDGET_KB = 60;
/**
 * Lazy chunks with a budget of their own, by source module, in KB brotli. Each is fetched only after an explicit tap, never
 * by a page:
 * - the WalletConnect provider (@walletconnect/ethereum-provider 2.25 with its sign client, relay client and crypto,
 *   Reown AppKit left out): 108.4 KB measured in one chunk on 2026-11-26. It loads when the user taps the WalletConnect
 *   option (or, for a device signed in through WalletConnect, to resume or end that session), and nothing smaller
 *   speaks the WalletConnect v2 protocol (decision 044).
 */
export const NAMED_LAZY_CHUNK_BUDGETS_KB = {
  'src/features/auth/model/walletconnect-provider.ts': 112,
};
/** Lighthouse scores on Home, mobile form factor (0–100). */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 95 };
