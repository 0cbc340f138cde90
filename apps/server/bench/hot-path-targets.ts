/**
 * Issue 9 §2's hot-path targets beside the measured figures, one line each with PASS or MISS, so a bench
 * run says at a glance what holds (decision 034).
 */
export interface HotPathFigures {
  /** GET /api/user/info and the one-primary-key-select reference route, requests per second (absent when not measured). */
  infoRps?: number;
  pkRps?: number;
  /** Flash exchange with 50 concurrent users: swaps per second and p99 latency. */
  swapsPerSecond: number;
  swapP99Ms: number;
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS');

export function hotPathTargetLines(kind: 'pglite' | 'postgres', figures: HotPathFigures): string[] {
  const minSwaps = kind === 'postgres' ? 1_000 : 300;
  const lines: string[] = [];
  if (figures.infoRps !== undefined && figures.pkRps !== undefined) {
    const ratio = figures.infoRps / figures.pkRps;
    lines.push(`  user/info / pk select: ${ratio.toFixed(2)}× (target ≥ 0.7×) ${verdict(ratio >= 0.7)}`);
  }
  lines.push(`  flash exchange, 50 users: ${figures.swapsPerSecond.toFixed(0)} swaps/s (target ≥ ${minSwaps}) ${verdict(figures.swapsPerSecond >= minSwaps)}`);
  // The issue sets a p99 bound for PostgreSQL only.
  if (kind === 'postgres') lines.push(`  flash exchange p99: ${figures.swapP99Ms} ms (target ≤ 100 ms) ${verdict(figures.swapP99Ms <= 100)}`);
  return lines;
}
