// Delivery budgets shared by the browser test (e2e/tests/delivery.spec.ts) and the benchmark, so the
// figure a test enforces and the figure a report prints are the same number (issue 9 §1).

/** The JavaScript of Home's first load as transferred (brotli), in KB of 1024 bytes. */
export const HOME_JS_TRANSFER_BUDGET_KB = 120;
/**
 * What the browser test holds today: Home's scripts measured 155.2 KB as transferred (brotli bodies, 142.6 KB of
 * them, plus each response's headers) on a fresh clone, plus a small margin, so the first load cannot grow while the
 * cut to the 120 KB target (issue 9, not reached yet) is still open. Lower it as cuts land.
 */
export const HOME_JS_TRANSFER_CEILING_KB = 158;
/** Any script the first load does not fetch (a route page, a feature, another catalogue), brotli, in KB. */
export const LAZY_CHUNK_BUDGET_KB = 60;
/** Lighthouse scores on Home, mobile form factor (0–100). */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 95 };
