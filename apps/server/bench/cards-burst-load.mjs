// Load generator for the session-open burst (cards-burst-bench.ts), run in its own process: one connection per
// signed-in user, each pressing "buy" on the starter card over and over, every press with its own
// Idempotency-Key, as the cards page sends them. Prints autocannon's JSON result with the answers' codes.
import autocannon from 'autocannon';

const { url, tokens, duration, typeId } = JSON.parse(process.argv[2]);
let next = 0;
let presses = 0;
const codes = {};
const latencies = {};
const startedAt = performance.now();
let lastSaleAt = startedAt;
const result = await autocannon({
  url,
  connections: tokens.length,
  duration,
  requests: [
    {
      method: 'POST',
      path: `/api/project/card/${typeId}`,
      setupRequest: (request, context) => {
        context.token ??= tokens[next++ % tokens.length];
        context.sentAt = performance.now();
        presses += 1;
        return { ...request, headers: { authorization: `Bearer ${context.token}`, 'idempotency-key': `bench-burst-${presses}` } };
      },
      onResponse: (_status, body, context) => {
        const now = performance.now();
        let code = 'unparsable';
        try {
          const parsed = JSON.parse(body);
          code = parsed.status === 200 ? 'BOUGHT' : (parsed.data?.code ?? String(parsed.status));
        } catch {
          // counted as unparsable
        }
        codes[code] = (codes[code] ?? 0) + 1;
        (latencies[code] ??= []).push(now - context.sentAt);
        if (code === 'BOUGHT') lastSaleAt = now;
      },
    },
  ],
});
// Where the slow answers are: each code's latency percentiles, and when the last card was sold.
const percentile = (sorted, p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]);
const byCode = Object.fromEntries(
  Object.entries(latencies).map(([code, list]) => {
    const sorted = list.sort((a, b) => a - b);
    return [code, { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: Math.round(sorted.at(-1)) }];
  }),
);
process.stdout.write(JSON.stringify({ ...result, codes, byCode, soldWithinMs: Math.round(lastSaleAt - startedAt) }));
