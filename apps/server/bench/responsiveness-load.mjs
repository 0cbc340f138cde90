// Load and probes for responsiveness-bench.ts, each role in its own process so neither measures the other's
// event loop. `writers`: autocannon, one connection per signed-in user, each sending transfers to one recipient
// (as fast as answered, or `rate` a second in all); prints autocannon's JSON result and the refusals seen.
// `probe`: every 20 ms a fresh TCP connection asks the bare route (connect → first response byte: how soon a new
// connection is accepted and served), and one keep-alive connection asks GET /index/ in a loop; prints both
// latency distributions.
import http from 'node:http';
import net from 'node:net';
import { signedInLoad } from './signed-in-load.mjs';

const [role, raw] = process.argv.slice(2);
const config = JSON.parse(raw);

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
};

if (role === 'writers') {
  const { url, tokens, recipient, password, duration, rate } = config;
  const { requests, latency, errors, non2xx, refusals } = await signedInLoad({
    url,
    tokens,
    duration,
    rate,
    requests: [{ method: 'POST', path: '/api/finance/other/trade', body: JSON.stringify({ to: recipient, amount: '0.01', asset: 'usdt', password }) }],
  });
  process.stdout.write(
    JSON.stringify({
      total: requests.total,
      rps: requests.average,
      p50: latency.p50,
      p99: latency.p99,
      errors,
      non2xx,
      refusals,
    }),
  );
} else {
  const { host, port, duration, acceptPath } = config;
  const until = Date.now() + duration * 1000;
  const accept = [];
  const index = [];

  const oneConnection = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const socket = net.connect({ host, port }, () => socket.write(`GET ${acceptPath} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
      socket.once('data', () => {
        accept.push(performance.now() - started);
        socket.destroy();
        resolve();
      });
      socket.once('error', resolve);
    });
  const connections = (async () => {
    const inFlight = [];
    while (Date.now() < until) {
      inFlight.push(oneConnection());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(inFlight);
  })();

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const page = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get({ host, port, path: '/index/', agent }, (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) index.push(performance.now() - started);
            resolve();
          });
        })
        .on('error', reject);
    });
  const pages = (async () => {
    while (Date.now() < until) await page();
  })();

  await Promise.all([connections, pages]);
  agent.destroy();
  process.stdout.write(JSON.stringify({ accept: summary(accept), index: summary(index) }));
}
