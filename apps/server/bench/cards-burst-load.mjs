// Load generator for the session-open burst (cards-burst-bench.ts), run in its own process, in one of two modes.
// `wave` (judged, decision 126): every user is on the card's page (its connection open, the page loaded) and
// presses "buy" once, all at the same moment — the app sends one press per user: the button is busy until the
// answer, a sale opens the card, and any refusal refetches the session, which then shows "sold out".
// `continuous` (a stress figure): one connection per user pressing over and over, each press with its own
// Idempotency-Key, as fast as answered. Prints the answers' count, rate and codes, the latency percentiles overall
// and by code, and when the last card sold.
import http from 'node:http';
import autocannon from 'autocannon';

const { url, tokens, duration, typeId, mode } = JSON.parse(process.argv[2]);
const buyPath = `/api/project/card/${typeId}`;

const percentile = (sorted, p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]);
const codeOf = (body) => {
  try {
    const parsed = JSON.parse(body);
    return parsed.status === 200 ? 'BOUGHT' : (parsed.data?.code ?? String(parsed.status));
  } catch {
    return 'unparsable';
  }
};

/** One request on the keep-alive agent: resolves with the HTTP status and the body. */
function request(agent, method, path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, url), { method, agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every user presses once at the same moment, on the connection its page opened. */
async function wave() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: tokens.length });
  const auth = (token) => ({ authorization: `Bearer ${token}` });
  // The page each user is on: the type with its session (what the card's page asks for), one connection each.
  const pages = await Promise.all(tokens.map((token) => request(agent, 'GET', buyPath, auth(token))));
  const notShown = pages.find((p) => p.status !== 200);
  if (notShown) throw new Error(`a user's card page answered HTTP ${notShown.status}`);
  // The countdown's last second: the server settles after the pages' requests before everyone presses.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const latencies = {};
  const all = [];
  let errors = 0;
  // Tells the bench the presses start now, so it counts the server's CPU from here (not the pages' requests).
  process.stderr.write('pressing\n');
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  let lastSaleAt = startedAt;
  await Promise.all(
    tokens.map(async (token, i) => {
      const sentAt = performance.now();
      try {
        const { body } = await request(agent, 'POST', buyPath, { ...auth(token), 'idempotency-key': `bench-wave-${i}` });
        const now = performance.now();
        const code = codeOf(body);
        (latencies[code] ??= []).push(now - sentAt);
        all.push(now - sentAt);
        if (code === 'BOUGHT') lastSaleAt = now;
      } catch {
        errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  // The load's own CPU: it shares the machine's two cores with the server and the database.
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  const sorted = all.sort((a, b) => a - b);
  return {
    total: sorted.length,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors,
    latencies,
    soldWithinMs: Math.round(lastSaleAt - startedAt),
    loadCpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}

/** One connection per user, pressing over and over for `duration` seconds. */
async function continuous() {
  let next = 0;
  let presses = 0;
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
        path: buyPath,
        setupRequest: (request, context) => {
          context.token ??= tokens[next++ % tokens.length];
          context.sentAt = performance.now();
          presses += 1;
          return { ...request, headers: { authorization: `Bearer ${context.token}`, 'idempotency-key': `bench-burst-${presses}` } };
        },
        onResponse: (_status, body, context) => {
          const now = performance.now();
          const code = codeOf(body);
          (latencies[code] ??= []).push(now - context.sentAt);
          if (code === 'BOUGHT') lastSaleAt = now;
        },
      },
    ],
  });
  return {
    total: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    latencies,
    soldWithinMs: Math.round(lastSaleAt - startedAt),
  };
}

const { latencies, ...r } = mode === 'wave' ? await wave() : await continuous();
// Where the slow answers are: each code's count and latency percentiles.
const codes = {};
const byCode = {};
for (const [code, list] of Object.entries(latencies)) {
  const sorted = list.sort((a, b) => a - b);
  codes[code] = sorted.length;
  byCode[code] = { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: Math.round(sorted.at(-1)) };
}
process.stdout.write(JSON.stringify({ ...r, codes, byCode }));
