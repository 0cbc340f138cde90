// Load generator for the game-zone bench (games-bench.ts), run in its own process: one connection per signed-in
// user, each betting 1 game point over and over on one game (`blind_box` or `slot`), every bet with its own
// Idempotency-Key as the game pages send them; as fast as answered, or `rate` bets a second in all. Prints
// autocannon's JSON result with the refusals seen.
import { signedInLoad } from './signed-in-load.mjs';

const { url, tokens, duration, game, rate } = JSON.parse(process.argv[2]);
const request =
  game === 'slot'
    ? { method: 'POST', path: '/api/game/slot', body: JSON.stringify({ asset: 'game', amount: '1' }) }
    : { method: 'POST', path: '/api/game/blind-box', body: JSON.stringify({ asset: 'game', amount: '1', box: 2 }) };
const result = await signedInLoad({ url, tokens, duration, rate, idempotencyKeys: true, requests: [request] });
process.stdout.write(JSON.stringify(result));
