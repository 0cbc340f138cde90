// Load generator for the flash-exchange POST, run in its own process by bench.ts. Each of the N
// connections is one signed-in user (its own bearer token); each alternates USDT→coin and coin→USDT so
// balances and the price stay near where they started. Prints autocannon's JSON result.
import autocannon from 'autocannon';

const { url, tokens, duration } = JSON.parse(process.argv[2]);
let next = 0;
/** Refusal codes seen in answers (HTTP 200 with status 400 is a refusal). */
const refusals = {};
/** autocannon's context is per connection: the first request of a connection picks that user's token. */
const asUser = (request, context) => {
  context.token ??= tokens[next++ % tokens.length];
  return { ...request, headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` } };
};
const tally = (_status, body) => {
  try {
    const parsed = JSON.parse(body);
    if (parsed.status !== 200) refusals[parsed.data?.code ?? parsed.status] = (refusals[parsed.data?.code ?? parsed.status] ?? 0) + 1;
  } catch {
    refusals.unparsable = (refusals.unparsable ?? 0) + 1;
  }
};
const result = await autocannon({
  url,
  connections: tokens.length,
  duration,
  requests: [
    {
      method: 'POST',
      path: '/api/finance/exchange/usdt/coin',
      body: JSON.stringify({ amount: '1', min_out: '0.00000001' }),
      onResponse: tally,
      setupRequest: asUser,
    },
    {
      method: 'POST',
      path: '/api/finance/exchange/coin/usdt',
      body: JSON.stringify({ amount: '0.2', min_out: '0.00000001' }),
      onResponse: tally,
      setupRequest: asUser,
    },
  ],
});
process.stdout.write(JSON.stringify({ ...result, refusals }));
