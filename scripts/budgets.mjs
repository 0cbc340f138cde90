// Delivery budgets shared by the browser test (e2e/tests/delivery.spec.ts) and the benchmark, so the
// figure a test enforces and the figure a report prints are the same number (issue 9 §1).

/** The JavaScript of Home's first load as transferred (brotli), in KB of 1024 bytes. */
export const HOME_JS_TRANSFER_BUDGET_KB = 120;
/**
 * What the tests hold today (decision 039): Home's scripts measured 130.6 KB as transferred in the browser test (two
 * first-load files, 125,391 brotli bytes of body, plus the wallet start-up check's two small chunks and each
 * response's ~1.3 KB of headers), down from 155.2 KB; the bundle test's bodies-only figure is 122.5 KB. A small margin
 * above, so the first load cannot grow back while the rest of the cut to the 120 KB target is still open.
 */
export const HOME_JS_TRANSFER_CEILING_KB = 133;
/** Any script the first load does not fetch (a route page, a feature, another catalogue), brotli, in KB. */
export const LAZY_CHUNK_BUDGET_KB = 60;
/** Lighthouse scores on Home, mobile form factor (0–100). */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 95 };
