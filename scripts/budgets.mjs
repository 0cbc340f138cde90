// Delivery budgets shared by the browser test (e2e/tests/delivery.spec.ts) and the benchmark, so the
// figure a test enforces and the figure a report prints are the same number (issue 9 §1).

/**
 * The JavaScript of Home's first load as transferred (brotli), in KB of 1024 bytes: what the browser test
 * (e2e/tests/delivery.spec.ts) reads off the wire for the scripts requested before `load`, headers included, and what
 * the bundle test holds the bodies to. Decision 046 took it from 133.0 KB (bodies 124.7 KB) to 115.4 KB in the browser
 * with i18next as the engine (bodies 114.5 KB), so the target is the enforced limit.
 */
export const HOME_JS_TRANSFER_BUDGET_KB = 120;
/** Any script the first load does not fetch (a route page, a feature, another catalogue), brotli, in KB. */
export const LAZY_CHUNK_BUDGET_KB = 60;
/** Lighthouse scores on Home, mobile form factor (0–100). */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 95 };
