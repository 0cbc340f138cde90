// Load generator for the flash-exchange POST, run in its own process by bench.ts. Each of the N
// connections is one signed-in user (its own bearer token); each alternates USDT→coin and coin→USDT so
// balances and the price stay near where they started. With `idempotencyKeys` each request carries a fresh
// Idempotency-Key (BENCH_EXCHANGE_KEYS=1 in bench.ts). Prints autocannon's JSON result.
import { signedInLoad } from './signed-in-load.mjs';

const { url, tokens, duration, idempotencyKeys } = JSON.parse(process.argv[2]);
const result = await signedInLoad({
  url,
  tokens,
  duration,
  idempotencyKeys,
  requests: [
    { method: 'POST', path: '/api/finance/exchange/usdt/coin', body: JSON.stringify({ amount: '1', min_out: '0.00000001' }) },
    { method: 'POST', path: '/api/finance/exchange/coin/usdt', body: JSON.stringify({ amount: '0.2', min_out: '0.00000001' }) },
  ],
});
process.stdout.write(JSON.stringify(result));
