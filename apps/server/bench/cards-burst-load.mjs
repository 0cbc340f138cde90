// Load generator for the session-open burst (cards-burst-bench.ts), run in its own process: one connection per
// signed-in user, each pressing "buy" on the starter card over and over, every press with its own
// Idempotency-Key, as the cards page sends them. Prints autocannon's JSON result with the answers' codes.
import autocannon from 'autocannon';

const { url, tokens, duration, typeId } = JSON.parse(process.argv[2]);
let next = 0;
let presses = 0;
const codes = {};
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
        presses += 1;
        return { ...request, headers: { authorization: `Bearer ${context.token}`, 'idempotency-key': `bench-burst-${presses}` } };
      },
      onResponse: (_status, body) => {
        let code = 'unparsable';
        try {
          const parsed = JSON.parse(body);
          code = parsed.status === 200 ? 'BOUGHT' : (parsed.data?.code ?? String(parsed.status));
        } catch {
          // counted as unparsable
        }
        codes[code] = (codes[code] ?? 0) + 1;
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ ...result, codes }));
