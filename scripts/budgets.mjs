// Delivery budgets shared by the browser test (e2e/tests/delivery.spec.ts) and the benchmark, so the
// figure a test enforces and the figure a report prints are the same number (issue 9 §1).

/** The JavaScript of Home's first load as transferred (brotli), in KB of 1024 bytes. */
export const HOME_JS_TRANSFER_BUDGET_KB = 120;
/** Lighthouse scores on Home, mobile form factor (0–100). */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 95 };
